import { z } from 'zod';
import { CANDIDATE_KINDS, CANDIDATE_STATUSES } from './insights.tables.js';

export const opportunityParamsSchema = z.object({ opportunity_id: z.string().min(1).max(64) });

export const opportunityListQuerySchema = z.object({
  status: z
    .enum([...CANDIDATE_STATUSES, 'all'])
    .default('open')
    .describe(
      'open (default; includes snoozed ones whose time has passed), accepted, dismissed, snoozed or all',
    ),
});

export const snoozeSchema = z
  .strictObject({
    duration: z
      .string()
      .regex(/^\d+[hd]$/, 'must be hours or days, such as 12h or 7d')
      .default('7d')
      .describe('How long to hide it: 1h to 90d; default 7d'),
  })
  .nullish();

export const evidenceSchema = z.object({
  summary: z.string(),
  count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  request_ids: z.array(z.string()).describe('Traces behind it (newest first, at most 20)'),
  times: z.array(z.string()).optional(),
});

export const opportunitySchema = z.object({
  opportunity_id: z.string(),
  kind: z.enum(CANDIDATE_KINDS),
  title: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  support: z.number().int().describe('Occurrences behind it (days, requests or corrections)'),
  evidence: evidenceSchema,
  proposal: z
    .record(z.string(), z.unknown())
    .describe(
      'What accept creates: a schedule body (POST /api/schedules) for schedule and monitor, a ' +
        'subscription body (POST /api/subscriptions) for subscription, a rule for rule',
    ),
  evidence_at: z.string().describe('The newest occurrence'),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  snoozed_until: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  result: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('What accept created: schedule_id, subscription_id or rule_id'),
});
export type Opportunity = z.infer<typeof opportunitySchema>;
