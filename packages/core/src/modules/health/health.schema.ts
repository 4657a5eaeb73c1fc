import { z } from 'zod';

export const componentStatus = z.object({ status: z.string() });

const inFlight = (what: string) => z.number().int().describe(what);

/**
 * Work in flight by kind: the CPI's active-work signal is their sum. Only the operator's work
 * counts: requests without a valid session (sign-in, assets, /health itself) never do.
 */
export const activeWorkSchema = z.object({
  http: inFlight('Signed-in requests being received or answered (streams included)'),
  chat_streams: inFlight('Open POST /chat/stream replies'),
  live_streams: inFlight('Open GET /api/live feeds'),
  goal_tasks: inFlight('Goal tasks running in this process'),
  agent_runs: inFlight('Sub-agent runs in this process'),
  schedules: inFlight('Scheduled runs (prompts, reminders, monitors) in this process'),
  integration_calls: inFlight('Integration calls in flight'),
  browser_sessions: inFlight('Browser pages open'),
});
export type ActiveWork = z.infer<typeof activeWorkSchema>;
export type WorkKind = keyof ActiveWork;

/**
 * SPEC's health table, plus the broker (agent-broker: `unconfigured` in the embedded default)
 * and the work in flight behind the CPI.
 */
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
    active_work: activeWorkSchema,
    cpi: z.number().int(),
    cpi_high: z.boolean(),
    broker: componentStatus.describe('agent-broker: ok, error, or unconfigured (no BROKER_URL)'),
    memory: z
      .object({
        status: z.string(),
        recall: z
          .enum(['hybrid', 'lexical', 'lexical_only'])
          .describe(
            'hybrid: full text and vectors; lexical: no embedding model named; lexical_only: a model is named but the database has no pgvector',
          ),
        vector_search: z.enum(['pgvector', 'unavailable']),
      })
      .describe('How memory recall searches'),
    sandbox: z
      .object({
        status: z.string(),
        mode: z.enum(['bubblewrap', 'uid', 'none', 'starting']),
      })
      .describe(
        'Isolation of the shell, python_exec and custom skills: bubblewrap (own namespaces), uid (another user only) or none; starting until the sandbox has probed',
      ),
  }),
});
export type HealthReport = z.infer<typeof healthSchema>;
export type ModelHealth = HealthReport['components']['model'];
export type BrowserHealth = HealthReport['components']['browser'];
export type BrokerHealth = HealthReport['components']['broker'];
export type MemoryHealth = HealthReport['components']['memory'];

export const healthDetailsSchema = z.object({
  health: healthSchema,
  signals: z.object({
    queue_depth: z.number().int(),
    active_work: activeWorkSchema,
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
