import { request } from './client';

export interface AuditEntry {
  id: string;
  /** ISO 8601 with microseconds, UTC */
  ts: string;
  action: string;
  actor: string;
  target: string | null;
  detail: Record<string, unknown>;
  exit_code: number | null;
  error: string | null;
  goal_id: string | null;
  request_id: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** `<timestamp>|<id>` of the last row; null when there is nothing older. */
  next_cursor: string | null;
}

export interface AuditFilters {
  /** Exact action, or a prefix ending in `*` (auth.*). */
  action?: string;
  actor?: string;
  goal_id?: string;
  /** A duration back from now (1h, 24h, 7d) or an ISO time. */
  since?: string;
}

export interface AuditPageRequest extends AuditFilters {
  limit?: number;
  cursor?: string;
}

export const fetchAuditPage = (query: AuditPageRequest, signal?: AbortSignal) =>
  request<AuditPage>('/api/audit', { query: { ...query }, signal });
