import { request } from './client';

export const SCHEDULE_KINDS = ['recurring', 'once', 'reminder', 'monitor'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export type MonitorCheck = 'up' | 'changed';
export type RunStatus = 'running' | 'ok' | 'error' | 'skipped';

export interface PromptAction {
  type: 'prompt';
  text: string;
}

/** What a monitor's last check saw; `state` is null until the first check. */
export interface MonitorState {
  state: 'up' | 'down' | null;
  /** HTTP status of the last check */
  status: number | null;
  content_hash: string | null;
  error: string | null;
  last_checked_at: string | null;
  /** When the state or the content last changed */
  last_change_at: string | null;
}

/** A schedule; the fields its kind does not use are null. */
export interface Schedule {
  schedule_id: string;
  kind: ScheduleKind;
  name: string;
  enabled: boolean;
  cron: string | null;
  /** IANA zone; informational for one-offs and reminders */
  time_zone: string;
  run_at: string | null;
  action: PromptAction | null;
  message: string | null;
  url: string | null;
  check: MonitorCheck | null;
  interval_seconds: number | null;
  expected_status: number | null;
  monitor: MonitorState | null;
  /** The occurrence queued now; null when disabled or when a one-off has run. */
  next_run_at: string | null;
  /** When the latest run (scheduled or manual) started */
  last_run_at: string | null;
  last_status: RunStatus | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface ScheduleDetail extends Schedule {
  /** The next occurrences (up to 5), starting with next_run_at; empty when disabled. */
  upcoming: string[];
}

export interface ScheduleRun {
  run_id: string;
  schedule_id: string;
  /** ISO 8601, UTC, microseconds; for a manual run, when it was asked for */
  due_at: string;
  trigger: 'schedule' | 'manual';
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  /** The decision trace of a prompt run (also when it failed) */
  request_id: string | null;
  error: string | null;
  /** prompts {tier, reply}; reminders {event_id}; monitors {state, status, error, events}; skipped {reason} */
  detail: Record<string, unknown>;
}

export interface RunPage {
  runs: ScheduleRun[];
  next_cursor: string | null;
}

/** The fields a create or an update may carry; each kind takes only its own. */
export interface ScheduleFields {
  name?: string;
  enabled?: boolean;
  cron?: string;
  time_zone?: string;
  /** ISO 8601 with Z or an offset */
  run_at?: string;
  action?: PromptAction;
  message?: string;
  url?: string;
  check?: MonitorCheck;
  interval_seconds?: number;
  /** null (on update) removes it */
  expected_status?: number | null;
}

export interface NewSchedule extends ScheduleFields {
  kind: ScheduleKind;
}

export interface CronPreview {
  cron: string;
  time_zone: string;
  occurrences: string[];
}

/** `schedule-run` off the live feed: a schedule's run (or a subscription's poll) began or ended. */
export interface ScheduleRunEvent {
  schedule_id: string;
  kind: string;
  name: string;
  status: RunStatus;
  ts: string;
}

const schedulePath = (id: string) => `/api/schedules/${encodeURIComponent(id)}`;

export const fetchSchedules = (signal?: AbortSignal) =>
  request<{ schedules: Schedule[] }>('/api/schedules', { signal });

export const fetchSchedule = (id: string, signal?: AbortSignal) =>
  request<ScheduleDetail>(schedulePath(id), { signal });

export const createSchedule = (schedule: NewSchedule) =>
  request<Schedule>('/api/schedules', { method: 'POST', body: schedule });

export const updateSchedule = (id: string, change: ScheduleFields) =>
  request<Schedule>(schedulePath(id), { method: 'PATCH', body: change });

export const deleteSchedule = (id: string) =>
  request<{ ok: true }>(schedulePath(id), { method: 'DELETE' });

export const runSchedule = (id: string) =>
  request<{ run: ScheduleRun }>(`${schedulePath(id)}/run`, { method: 'POST' });

export const fetchRuns = (
  id: string,
  query: { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
) => request<RunPage>(`${schedulePath(id)}/runs`, { query, signal });

export const previewCron = (
  query: { cron: string; time_zone: string; count?: number },
  signal?: AbortSignal,
) => request<CronPreview>('/api/schedules/preview', { query, signal });

function parseRun(text: string): ScheduleRunEvent | undefined {
  try {
    const value = JSON.parse(text) as Partial<ScheduleRunEvent> | null;
    return value && typeof value.schedule_id === 'string' && typeof value.status === 'string'
      ? (value as ScheduleRunEvent)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `schedule-run` events off `GET /api/live` (schedules, and subscription polls with the
 * subscription's id). EventSource reconnects by itself; the pages also poll, so a feed that gives
 * up costs freshness, not correctness. Returns the function that closes the feed.
 */
export function openScheduleRuns(onRun: (event: ScheduleRunEvent) => void): () => void {
  const source = new EventSource('/api/live', { withCredentials: true });
  source.addEventListener('schedule-run', (event) => {
    const run = parseRun((event as MessageEvent<string>).data);
    if (run) onRun(run);
  });
  return () => source.close();
}
