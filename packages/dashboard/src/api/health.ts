import { request } from './client';

export type HealthStatus = 'ok' | 'degraded' | 'down';

/** Work in flight by kind; only the operator's requests count as http. */
export interface ActiveWork {
  http: number;
  chat_streams: number;
  live_streams: number;
  goal_tasks: number;
  agent_runs: number;
  schedules: number;
  integration_calls: number;
  browser_sessions: number;
}

export interface HealthReport {
  status: HealthStatus;
  version: string;
  components: {
    model: { status: string; provider: string; name: string };
    kvstore: { status: string };
    sqldb: { status: string };
    browser: { status: string; active_sessions: number };
    queues: { events_incoming: number; events_outgoing: number; behavioral_pending: number };
    active_work: ActiveWork;
    /** Cognitive pressure index, 0-100. */
    cpi: number;
    cpi_high: boolean;
    /** agent-broker: ok, error, or unconfigured without BROKER_URL. */
    broker: { status: string };
    /** How memory recall searches: lexical_only when a model is named but there is no pgvector. */
    memory: { status: string; recall: string; vector_search: string };
  };
}

export interface HealthDetails {
  health: HealthReport;
  signals: {
    queue_depth: number;
    active_work: ActiveWork;
    error_rate: number;
    memory_ratio: number;
    /** Each signal scaled to 0..1 against its saturation point; the CPI is the largest. */
    normalised: Record<string, number>;
    cpi_high_threshold: number;
  };
  memory: {
    rss_bytes: number;
    heap_used_bytes: number;
    heap_limit_bytes: number;
    system_total_bytes: number;
    system_free_bytes: number;
  };
  process: { uptime_s: number; pid: number; node: string };
  stores: { sql: string; kv: string };
  /** How shell, python_exec and custom skills are isolated; null until the sandbox starts. */
  sandbox: { mode: 'bubblewrap' | 'uid' | 'none'; uid: number; reason: string } | null;
  checked_at: string;
}

/** A runtime that is down still answers /health, with 503 and the report that says why. */
export const fetchHealth = (signal?: AbortSignal) =>
  request<HealthReport>('/health', { acceptStatuses: [503], signal });

export const fetchHealthDetails = (signal?: AbortSignal) =>
  request<HealthDetails>('/api/health/details', { signal });
