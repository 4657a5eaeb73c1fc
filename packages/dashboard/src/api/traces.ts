import { request } from './client';

export const TRACE_TIERS = ['fast_path', 'decision_layer', 'llm_loop'] as const;
export type TraceTier = (typeof TRACE_TIERS)[number];

export type TraceStatus = 'ok' | 'error' | 'cancelled';
export type GuardVerdict = 'pass' | 'flag' | 'redact' | 'block';

export interface GuardEntry {
  /** input_guard, secret_redaction, policy_gate, output_guard */
  guard: string;
  verdict: GuardVerdict;
  detail: string;
}

export interface TraceStep {
  skill: string;
  status: 'done' | 'error' | 'denied';
  duration_ms: number;
  level: string;
  error: string | null;
  /** What the call acted on (a URL, secrets redacted); absent for most skills */
  target?: string | null;
}

export interface TokenUsage {
  input: number;
  output: number;
  total: number;
}

/** One response's decision trace, as `GET /api/traces/{request_id}` returns it. */
export interface Trace {
  request_id: string;
  chat_id: string | null;
  tier: TraceTier;
  status: TraceStatus;
  /** ISO 8601, UTC, microseconds */
  created_at: string;
  latency_ms: number;
  /** `<provider>/<model>` for the llm_loop tier */
  model: string | null;
  tokens: TokenUsage;
  cost_usd: number | null;
  guard_chain: GuardEntry[];
  steps: TraceStep[];
  /** The request text, secrets redacted */
  input: string;
  /** The reply sent, secrets redacted */
  reply: string;
  /** Why the request failed, or a note such as model_unconfigured */
  error: string | null;
  /** OpenTelemetry trace id (32 hex digits) while traces are exported; null otherwise */
  otel_trace_id: string | null;
}

export interface TracePage {
  traces: Trace[];
  /** `<timestamp>|<id>` of the last row; null when there is nothing older. */
  next_cursor: string | null;
}

export interface TraceFilters {
  chat_id?: string;
  tier?: TraceTier;
  /** A duration back from now (1h, 24h, 7d) or an ISO time. */
  since?: string;
  /** A duration back from now or an ISO time. */
  until?: string;
}

export interface TracePageRequest extends TraceFilters {
  limit?: number;
  cursor?: string;
}

export const fetchTracePage = (query: TracePageRequest, signal?: AbortSignal) =>
  request<TracePage>('/api/traces', { query: { ...query }, signal });

export const fetchTrace = (requestId: string, signal?: AbortSignal) =>
  request<Trace>(`/api/traces/${encodeURIComponent(requestId)}`, { signal });
