import { z } from 'zod';
import { cursorSchema, limitSchema, sinceSchema } from '../../http/paging.js';

export const TIERS = ['fast_path', 'decision_layer', 'llm_loop'] as const;
export type Tier = (typeof TIERS)[number];

export const guardEntrySchema = z.object({
  guard: z.string().describe('input_guard, secret_redaction, policy_gate or output_guard'),
  verdict: z.enum(['pass', 'flag', 'redact', 'block']),
  detail: z.string(),
});
export type GuardEntry = z.infer<typeof guardEntrySchema>;

export const stepSchema = z.object({
  skill: z.string(),
  status: z.enum(['done', 'error', 'denied']),
  duration_ms: z.number().int(),
  level: z.string(),
  error: z.string().nullable(),
  target: z
    .string()
    .nullable()
    .optional()
    .describe('What the call acted on (a URL, secrets redacted); absent for most skills'),
});
export type TraceStep = z.infer<typeof stepSchema>;

export const tokensSchema = z.object({
  input: z.number().int(),
  output: z.number().int(),
  total: z.number().int(),
});
export type TokenUsage = z.infer<typeof tokensSchema>;

export const traceSchema = z.object({
  request_id: z.string(),
  chat_id: z.string().nullable(),
  tier: z.enum(TIERS),
  status: z.enum(['ok', 'error', 'cancelled']),
  created_at: z.string().describe('ISO 8601, UTC, microseconds'),
  latency_ms: z.number().int(),
  model: z.string().nullable().describe('<provider>/<model> of the llm_loop tier'),
  tokens: tokensSchema,
  cost_usd: z.number().nullable(),
  guard_chain: z.array(guardEntrySchema),
  steps: z.array(stepSchema),
  memory_items: z
    .array(z.string())
    .describe('Memory items the model context carried: pinned blocks, then recalled items'),
  input: z.string().describe('The request text, secrets redacted'),
  reply: z.string().describe('The reply sent, secrets redacted'),
  error: z.string().nullable().describe('Why the request failed, or model_unconfigured'),
  otel_trace_id: z
    .string()
    .nullable()
    .describe('OpenTelemetry trace id of the request (32 hex digits) while traces are exported'),
});
export type Trace = z.infer<typeof traceSchema>;

export const traceQuerySchema = z.object({
  chat_id: z.string().max(128).optional(),
  tier: z.enum(TIERS).optional(),
  since: sinceSchema.optional(),
  until: sinceSchema.optional().describe('A duration back from now or an ISO timestamp'),
  limit: limitSchema(50, 500).describe('Default 50, capped at 500'),
  cursor: cursorSchema.optional(),
});
export type TraceQuery = z.output<typeof traceQuerySchema>;

export const tracePageSchema = z.object({
  traces: z.array(traceSchema),
  next_cursor: z.string().nullable(),
});
