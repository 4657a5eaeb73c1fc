import { z } from 'zod';
import { INTEGRITY_CHECKS } from './integrity.js';
import {
  entitySchema,
  memoryEventSchema,
  memoryItemSchema,
  observationSchema,
  relationSchema,
} from './memory.schema.js';
import { ITEM_KINDS, ITEM_STATUSES, SOURCE_KINDS } from './memory.tables.js';

/** Response shapes of the memory API (docs/api/memory.md shows each with an example). */

const counts = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<
      T[number],
      z.ZodNumber
    >,
  );

export const itemPageSchema = z.object({
  items: z.array(memoryItemSchema),
  next_cursor: z.string().nullable(),
});

export const treeSchema = z.object({
  total: z.number().int(),
  nodes: z.array(
    z.object({
      path: z.string(),
      name: z.string().describe('Last segment'),
      parent: z.string().nullable(),
      depth: z.number().int(),
      items: z.number().int().describe('Items at exactly this path'),
      total: z.number().int().describe('Items at this path and below'),
      pinned: z.number().int(),
      by_status: counts(ITEM_STATUSES),
    }),
  ),
});

export const itemDetailSchema = z.object({
  item: memoryItemSchema,
  history: z.array(memoryEventSchema).describe('Oldest first'),
  observation: observationSchema.nullable().describe('The episode it was learned from'),
  superseded_by: memoryItemSchema.nullable(),
  entities: z.array(entitySchema),
  links: z.object({
    trace: z.string().nullable().describe('Dashboard path of the request it came from'),
    goal: z.string().nullable(),
  }),
});

export const observationPageSchema = z.object({
  observations: z.array(observationSchema),
  next_cursor: z.string().nullable(),
});

export const observationDetailSchema = z.object({
  observation: observationSchema,
  items: z.array(memoryItemSchema).describe('Items learned from it'),
  relations: z.array(relationSchema).describe('Relations it supports'),
  entities: z.array(entitySchema).describe('Entities it mentions'),
});

export const graphSchema = z.object({
  as_of: z.string().nullable().describe('The instant asked for; null: current beliefs'),
  entity_id: z.string().nullable(),
  depth: z.number().int(),
  limit: z.number().int(),
  nodes: z.array(entitySchema),
  edges: z.array(relationSchema),
  truncated: z.boolean().describe('Nodes were left out to stay within limit'),
});

export const entityListSchema = z.object({ entities: z.array(entitySchema) });

export const entityDetailSchema = z.object({
  entity: entitySchema,
  relations: z.array(relationSchema).describe('Every relation touching it, oldest first'),
  related_entities: z.array(entitySchema),
  observations: z.array(observationSchema).describe('Observations mentioning it, newest first'),
});

const listScores = z.object({
  full_text: z.number().nullable(),
  trigram: z.number().nullable(),
  vector: z.number().nullable(),
});

export const searchResultSchema = z.object({
  mode: z.enum(['lexical', 'hybrid']),
  embedding_model: z.string().nullable(),
  vector_backend: z
    .enum(['pgvector', 'none'])
    .describe('none: the database has no pgvector, so search is lexical only'),
  trigram: z.boolean(),
  lexical_weight: z
    .number()
    .describe("Summed rarity (BM25 idf) of the query's terms the memory holds"),
  vector_error: z.string().nullable(),
  took_ms: z.number(),
  hits: z.array(
    z.object({
      type: z.enum(['item', 'observation']),
      score: z.number().describe('Reciprocal-rank-fused score'),
      ranks: listScores.describe('Rank in each list (1 = best); null: not in that list'),
      scores: listScores.describe(
        'Raw score in each list (summed term rarity for full text and trigram corrections, cosine)',
      ),
      item: memoryItemSchema.optional(),
      observation: observationSchema.optional(),
    }),
  ),
});

export const statusSchema = z.object({
  extraction: z.object({
    enabled: z.boolean().describe('Observations are being turned into facts'),
    reason: z
      .enum(['disabled', 'no_model', 'model_error'])
      .nullable()
      .describe('Why extraction is off'),
    model: z.string().nullable().describe('<provider>/<model> that extracts'),
    source: z.enum(['env', 'operator', 'default']),
    observations: counts(['pending', 'running', 'done', 'skipped', 'failed'] as const),
  }),
  search: z.object({
    mode: z.enum(['lexical', 'hybrid']),
    embedding_model: z.string().nullable(),
    embedding_model_source: z.enum(['env', 'operator']).nullable(),
    vector_backend: z.enum(['pgvector', 'none']),
    trigram: z.boolean(),
  }),
  embedding: z
    .object({
      state: z.enum(['off', 'pending', 'running', 'failed', 'done']),
      model: z.string().nullable(),
      items: z.object({ embedded: z.number().int(), total: z.number().int() }),
      observations: z.object({ embedded: z.number().int(), total: z.number().int() }),
      last_error: z.string().nullable(),
      last_run_at: z.string().nullable(),
    })
    .describe(
      'The background job giving stored items and observations vectors of the embedding model; state running and failed are those of the replica that answers',
    ),
  limits: z.object({
    item_text_max: z.number().int(),
    block_limit_min: z.number().int(),
    block_limit_max: z.number().int(),
    block_limit_default: z.number().int(),
    pinned_total_max: z.number().int(),
    pinned_reserved: z.number().int(),
    injection_token_budget: z.number().int(),
  }),
});

export const settingsBodySchema = z
  .strictObject({
    embedding_model: z
      .string()
      .regex(/^[a-z0-9_-]+\/.+$/, { message: 'must be <provider>/<model>' })
      .max(200)
      .nullable()
      .optional()
      .describe('null: lexical search'),
    extraction_enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one field' });

export const brainSchema = z.object({
  identity: z.object({
    name: z.string(),
    persona: z.string(),
    born_at: z.string(),
    age_seconds: z.number().int(),
    total_xp: z.number().int(),
    level: z.number().int(),
    next_level_xp: z.number().int(),
  }),
  counts: z.object({
    items: z.object({
      total: z.number().int(),
      pinned: z.number().int(),
      by_kind: counts(ITEM_KINDS),
      by_status: counts(ITEM_STATUSES),
    }),
    entities: z.object({ live: z.number().int(), merged: z.number().int() }),
    relations: z.object({ current: z.number().int(), expired: z.number().int() }),
    observations: z.object({ total: z.number().int(), by_source: counts(SOURCE_KINDS) }),
    events: z.number().int(),
  }),
  pinned_blocks: z.array(
    memoryItemSchema.pick({ id: true, path: true, text: true, chars: true, char_limit: true }),
  ),
  status: statusSchema,
});

export const epistemicSchema = z.object({
  computed_at: z.string(),
  by_status: counts(ITEM_STATUSES),
  by_confidence: z.array(
    z.object({
      status: z.enum(ITEM_STATUSES),
      band: z.enum(['low', 'medium', 'high']).describe('<0.5, <0.8, >=0.8'),
      count: z.number().int(),
    }),
  ),
  provisional_share: z.number().nullable(),
  untrusted_share: z.number().nullable(),
  stale: z.object({
    days: z.number().int(),
    count: z.number().int(),
    items: z.array(memoryItemSchema),
  }),
  contradictions: z.object({
    days: z.number().int(),
    count: z.number().int(),
    relations: z.array(z.object({ expired: relationSchema, by: relationSchema.nullable() })),
    superseded: z.array(z.object({ item: memoryItemSchema, by: memoryItemSchema.nullable() })),
  }),
  open_unknowns: z.object({
    days: z.number().int(),
    count: z.number().int(),
    items: z.array(
      z.object({
        event_id: z.string(),
        query: z.string(),
        at: z.string(),
        request_id: z.string().nullable(),
      }),
    ),
  }),
});

export const integritySchema = z.object({
  status: z.enum(['pass', 'warn', 'fail']).describe('The worst of the checks'),
  checked_at: z.string(),
  checks: z.array(
    z.object({
      name: z.enum(INTEGRITY_CHECKS),
      title: z.string(),
      status: z.enum(['pass', 'warn', 'fail']),
      count: z.number().int(),
      detail: z.string(),
      sample_ids: z.array(z.string()),
    }),
  ),
});
