import { z } from 'zod';

export const componentStatus = z.object({ status: z.string() });

/** SPEC's health table, plus the broker (agent-broker: `unconfigured` in the embedded default). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  version: z.string(),
  components: z.object({
    model: z.object({ status: z.string(), provider: z.string(), name: z.string() }),
    kvstore: componentStatus,
    sqldb: componentStatus,
    browser: z.object({ status: z.string(), active_sessions: z.number().int() }),
    queues: z.object({
      events_incoming: z.number().int(),
      events_outgoing: z.number().int(),
      behavioral_pending: z.number().int(),
    }),
    cpi: z.number().int(),
    cpi_high: z.boolean(),
    broker: componentStatus.describe('agent-broker: ok, error, or unconfigured (no BROKER_URL)'),
  }),
});
export type HealthReport = z.infer<typeof healthSchema>;
export type ModelHealth = HealthReport['components']['model'];
export type BrowserHealth = HealthReport['components']['browser'];
export type BrokerHealth = HealthReport['components']['broker'];

export const healthDetailsSchema = z.object({
  health: healthSchema,
  signals: z.object({
    queue_depth: z.number().int(),
    active_work: z.record(z.string(), z.number()),
    error_rate: z.number(),
    memory_ratio: z.number(),
    normalised: z.record(z.string(), z.number()),
    cpi_high_threshold: z.number().int(),
  }),
  memory: z.object({
    rss_bytes: z.number(),
    heap_used_bytes: z.number(),
    heap_limit_bytes: z.number(),
    system_total_bytes: z.number(),
    system_free_bytes: z.number(),
  }),
  process: z.object({ uptime_s: z.number(), pid: z.number().int(), node: z.string() }),
  stores: z.object({ sql: z.string(), kv: z.string() }),
  sandbox: z
    .object({ mode: z.string(), uid: z.number().int(), reason: z.string() })
    .nullable()
    .describe('Isolation of shell, python_exec and custom skills (null until the sandbox starts)'),
  warnings: z
    .array(z.object({ code: z.string(), message: z.string() }))
    .describe('Safety settings the operator turned off (untrusted_content_guard_off)'),
  checked_at: z.string(),
});
