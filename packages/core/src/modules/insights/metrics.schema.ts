import { z } from 'zod';
import { sinceSchema } from '../../http/paging.js';
import { TIERS } from '../traces/traces.schema.js';

export const metricsQuerySchema = z.object({
  since: sinceSchema
    .prefault('7d')
    .describe('A duration back from now (24h, 7d) or an ISO time; default 7d'),
  until: sinceSchema.optional().describe('A duration back from now or an ISO time; default now'),
});

const rateSchema = z.number().nullable().describe('0..1; null without requests');

export const metricsReportSchema = z.object({
  since: z.string(),
  until: z.string(),
  totals: z.object({
    requests: z.number().int(),
    errors: z.number().int(),
    error_rate: rateSchema,
    total_tokens: z.number().int(),
    cost_usd: z.number().nullable().describe('Recorded cost; null when no request was priced'),
  }),
  latency: z.object({
    bounds_ms: z
      .array(z.number().int())
      .describe('Upper bounds of the buckets; bucket i holds bounds[i-1] <= ms < bounds[i]'),
    series: z.array(
      z.object({
        tier: z.enum(TIERS),
        model: z.string().nullable(),
        requests: z.number().int(),
        errors: z.number().int(),
        error_rate: rateSchema,
        p50_ms: z.number().int(),
        p95_ms: z.number().int(),
        max_ms: z.number().int(),
        buckets: z.array(z.number().int()).describe('Counts; one more than bounds_ms'),
      }),
    ),
  }),
  daily: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD, UTC'),
      tier: z.enum(TIERS),
      requests: z.number().int(),
      errors: z.number().int(),
      cancelled: z.number().int(),
      error_rate: rateSchema,
    }),
  ),
  usage: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD, UTC'),
      model: z.string().describe('<provider>/<model>'),
      requests: z.number().int(),
      input_tokens: z.number().int(),
      output_tokens: z.number().int(),
      total_tokens: z.number().int(),
      cost_usd: z.number().nullable().describe('Sum of the recorded costs; null if none priced'),
      unpriced_requests: z
        .number()
        .int()
        .describe('Requests with tokens but no known price (local models, unknown names)'),
    }),
  ),
});
export type MetricsReport = z.infer<typeof metricsReportSchema>;
