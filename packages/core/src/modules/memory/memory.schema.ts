import { z } from 'zod';
import { cursorSchema, limitSchema, sinceSchema } from '../../http/paging.js';
import {
  ACTORS,
  EVENT_OPS,
  EXTRACTION_STATUSES,
  ITEM_KINDS,
  ITEM_STATUSES,
  SOURCE_KINDS,
} from './memory.tables.js';
import { MEMORY_LIMITS, PATH_PATTERN } from './memory-limits.js';

const iso = z.string().describe('ISO 8601, UTC');
const isoOrNull = iso.nullable();

export const memoryItemSchema = z.object({
  id: z.string(),
  path: z.string(),
  kind: z.enum(ITEM_KINDS),
  text: z.string(),
  chars: z.number().int().describe('Characters of text'),
  pinned: z.boolean().describe('Always in the prompt'),
  char_limit: z.number().int().nullable().describe('Most characters the block may hold'),
  status: z.enum(ITEM_STATUSES),
  confidence: z.number(),
  source_kind: z.enum(SOURCE_KINDS),
  source_ref: z.string().nullable(),
  request_id: z.string().nullable().describe('The request (trace) it was learned in'),
  chat_id: z.string().nullable(),
  goal_id: z.string().nullable(),
  observation_id: z.string().nullable(),
  untrusted: z.boolean().describe('Learned from outside text (feed, mail, web)'),
  entity_ids: z.array(z.string()),
  content_hash: z.string(),
  superseded_by: z.string().nullable(),
  valid_at: isoOrNull,
  invalid_at: isoOrNull,
  created_by: z.enum(ACTORS),
  created_at: iso.describe('ISO 8601, UTC, microseconds'),
  updated_at: iso.describe('ISO 8601, UTC, microseconds'),
  last_used_at: isoOrNull,
  use_count: z.number().int(),
  embedding_model: z.string().nullable(),
});
export type MemoryItem = z.infer<typeof memoryItemSchema>;

export const memoryEventSchema = z.object({
  id: z.string(),
  item_id: z.string().nullable(),
  op: z.enum(EVENT_OPS),
  old_text: z.string().nullable(),
  new_text: z.string().nullable(),
  old_status: z.enum(ITEM_STATUSES).nullable(),
  new_status: z.enum(ITEM_STATUSES).nullable(),
  actor: z.enum(ACTORS),
  actor_name: z.string().nullable(),
  request_id: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  at: iso.describe('ISO 8601, UTC, microseconds'),
});
export type MemoryEvent = z.infer<typeof memoryEventSchema>;

export const observationSchema = z.object({
  id: z.string(),
  source_kind: z.enum(SOURCE_KINDS),
  source_ref: z.string().nullable(),
  content: z.string().describe('Redacted'),
  untrusted: z.boolean(),
  observed_at: iso.describe('World time: when it happened, ISO 8601, microseconds'),
  recorded_at: iso.describe('When it was stored'),
  request_id: z.string().nullable(),
  chat_id: z.string().nullable(),
  goal_id: z.string().nullable(),
  entity_ids: z.array(z.string()),
  extraction_status: z.enum(EXTRACTION_STATUSES),
  extraction_error: z.string().nullable(),
  extracted_at: isoOrNull,
  embedding_model: z.string().nullable(),
});
export type Observation = z.infer<typeof observationSchema>;

export const entitySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  summary: z.string(),
  aliases: z.array(z.string()),
  merged_into: z.string().nullable(),
  first_seen_at: iso,
  last_seen_at: iso,
  mention_count: z.number().int(),
});
export type Entity = z.infer<typeof entitySchema>;

export const relationSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  target_id: z.string(),
  relation: z.string(),
  fact: z.string(),
  valid_at: isoOrNull.describe('World time it became true (null: unknown)'),
  invalid_at: isoOrNull.describe('World time it stopped being true (null: still true)'),
  created_at: iso.describe('When the store learned it'),
  expired_at: isoOrNull.describe('When the store stopped believing it (null: current)'),
  expired_by: z.string().nullable().describe('The later relation that ended it'),
  observation_ids: z.array(z.string()),
  confidence: z.number(),
});
export type Relation = z.infer<typeof relationSchema>;

// ---- requests

const pathSchema = z
  .string()
  .trim()
  .max(MEMORY_LIMITS.pathMax)
  .regex(PATH_PATTERN, { message: 'lower-case segments of letters, digits, _ - . separated by /' });
const textSchema = z.string().min(1).max(MEMORY_LIMITS.itemTextMax);
const charLimitSchema = z
  .number()
  .int()
  .min(MEMORY_LIMITS.blockLimitMin)
  .max(MEMORY_LIMITS.blockLimitMax);
const reasonSchema = z.string().trim().min(1).max(500);

export const createItemSchema = z.strictObject({
  path: pathSchema,
  kind: z.enum(ITEM_KINDS).default('fact'),
  text: textSchema,
  pinned: z.boolean().optional().describe('Default: true for kind block, else false'),
  char_limit: charLimitSchema.optional(),
  confidence: z.number().min(0).max(1).default(1),
  reason: reasonSchema.optional(),
});
export type CreateItemBody = z.output<typeof createItemSchema>;

export const updateItemSchema = z
  .strictObject({
    text: textSchema.optional(),
    path: pathSchema.optional(),
    kind: z.enum(ITEM_KINDS).optional(),
    confidence: z.number().min(0).max(1).optional(),
    char_limit: charLimitSchema.optional(),
    reason: reasonSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).some((key) => key !== 'reason'), {
    message: 'name at least one of text, path, kind, confidence, char_limit',
  });
export type UpdateItemBody = z.output<typeof updateItemSchema>;

export const reasonBodySchema = z.strictObject({ reason: reasonSchema.optional() }).default({});
export const pinBodySchema = z
  .strictObject({ char_limit: charLimitSchema.optional(), reason: reasonSchema.optional() })
  .default({});

export const itemParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const itemListQuerySchema = z.object({
  path: pathSchema.optional().describe('This path and everything under it'),
  status: z.enum(ITEM_STATUSES).optional(),
  kind: z.enum(ITEM_KINDS).optional(),
  pinned: z.enum(['true', 'false']).optional(),
  source_kind: z.enum(SOURCE_KINDS).optional(),
  observation_id: z.string().max(64).optional().describe('Items learned from this observation'),
  q: z.string().trim().min(1).max(200).optional().describe('Full-text filter'),
  limit: limitSchema(50, 200).describe('Default 50, capped at 200'),
  cursor: cursorSchema.optional(),
});
export type ItemListQuery = z.output<typeof itemListQuerySchema>;

export const observationListQuerySchema = z.object({
  source_kind: z.enum(SOURCE_KINDS).optional(),
  entity_id: z.string().max(64).optional(),
  chat_id: z.string().max(128).optional(),
  since: sinceSchema.optional(),
  until: sinceSchema.optional(),
  q: z.string().trim().min(1).max(200).optional(),
  limit: limitSchema(50, 200).describe('Default 50, capped at 200'),
  cursor: cursorSchema.optional(),
});
export type ObservationListQuery = z.output<typeof observationListQuerySchema>;

export const asOfSchema = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text))
  .describe('ISO 8601 instant: what the store believed true in the world at that time');
