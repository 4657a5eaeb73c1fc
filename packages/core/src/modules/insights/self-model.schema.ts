import { z } from 'zod';
import { TIERS } from '../traces/traces.schema.js';

const intervalSchema = z
  .object({ low: z.number(), high: z.number() })
  .nullable()
  .describe('Wilson 95 % interval of the success rate; null without finished calls');

export const LIMIT_KINDS = [
  'unavailable',
  'repeated_error',
  'mostly_failing',
  'mostly_denied',
] as const;

export const selfModelSchema = z.object({
  computed_at: z.string(),
  since: z.string().describe('Start of the window the figures cover (the last 30 days)'),
  based_on: z.string().describe('The newest trace included: <created_at>|<request_id>, or none'),
  tiers: z.array(
    z.object({
      tier: z.enum(TIERS),
      requests: z.number().int(),
      ok: z.number().int(),
      errors: z.number().int(),
      cancelled: z.number().int(),
      success_rate: z.number().nullable(),
      interval: intervalSchema,
    }),
  ),
  skills: z.array(
    z.object({
      skill: z.string(),
      level: z.string().nullable().describe('null for a skill no longer installed'),
      available: z.boolean(),
      unavailable_reason: z.string().nullable(),
      calls: z.number().int(),
      done: z.number().int(),
      errors: z.number().int(),
      denied: z.number().int(),
      success_rate: z
        .number()
        .nullable()
        .describe('done / (done + errors); denials are not failures'),
      interval: intervalSchema,
      p50_ms: z.number().int().nullable(),
    }),
  ),
  limits: z.array(
    z.object({
      kind: z.enum(LIMIT_KINDS),
      skill: z.string(),
      detail: z.string(),
      count: z.number().int().describe('Calls behind it (0 for an unavailable skill)'),
      last_at: z.string().nullable(),
      request_ids: z.array(z.string()),
    }),
  ),
});
export type SelfModel = z.infer<typeof selfModelSchema>;
