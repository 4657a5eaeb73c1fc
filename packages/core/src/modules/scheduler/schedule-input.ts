import { ValidationError } from '../../errors/app-error.js';
import { HostUnresolvedError, type SsrfGuard } from '../../net/ssrf.js';
import { cronRuns } from './occurrences.js';
import { fieldProblems } from './schedule-fields.js';
import type { NewSchedule } from './scheduler.repository.js';
import { type CreateSchedule, DEFAULT_INTERVAL_SECONDS } from './scheduler.schema.js';
import type { ScheduleKind } from './scheduler.tables.js';

/** A default name: the start of what the schedule does. */
function defaultName(input: CreateSchedule): string {
  const text =
    input.kind === 'monitor'
      ? `${input.check ?? 'up'} ${input.url ?? ''}`
      : input.kind === 'reminder'
        ? (input.message ?? '')
        : (input.action?.text ?? '');
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine || input.kind;
}

/**
 * The row of a new schedule, with its first occurrence: a new monitor is checked at once, the
 * others wait for their first due time; a disabled schedule has none.
 */
export function newScheduleRow(
  input: CreateSchedule,
  scheduleId: string,
  actor: string,
  now: Date,
): NewSchedule {
  const enabled = input.enabled ?? true;
  const timeZone = input.time_zone ?? 'UTC';
  const next = !enabled
    ? null
    : input.kind === 'monitor'
      ? now
      : input.kind === 'recurring'
        ? (cronRuns(input.cron ?? '', timeZone, now, 1)[0] ?? null)
        : (input.run_at ?? null);
  return {
    schedule_id: scheduleId,
    kind: input.kind,
    name: input.name ?? defaultName(input),
    enabled,
    cron: input.cron ?? null,
    time_zone: timeZone,
    run_at: input.run_at ?? null,
    action: input.action ?? null,
    message: input.message ?? null,
    url: input.url ?? null,
    monitor_check: input.kind === 'monitor' ? (input.check ?? 'up') : null,
    interval_seconds:
      input.kind === 'monitor' ? (input.interval_seconds ?? DEFAULT_INTERVAL_SECONDS) : null,
    expected_status: input.expected_status ?? null,
    monitor_state: null,
    monitor_status: null,
    content_hash: null,
    monitor_error: null,
    last_checked_at: null,
    last_change_at: null,
    next_run_at: next,
    queued_job_id: null,
    last_run_at: null,
    last_status: null,
    created_by: actor,
  };
}

/** Throws 400 validation_error naming every field that is wrong for the kind. */
export function assertFields(
  kind: ScheduleKind,
  fields: Parameters<typeof fieldProblems>[1],
  options: Parameters<typeof fieldProblems>[2],
): void {
  const problems = fieldProblems(kind, fields, options);
  if (problems.length > 0)
    throw new ValidationError(
      `Invalid ${kind} schedule`,
      problems.map((problem) => ({ ...problem, in: 'body' })),
    );
}

/**
 * Refuses a monitor URL the checks could never fetch: credentials in it (they would show in
 * events and the audit log) or a private address that is not allowlisted (400 url_blocked). A
 * host that does not resolve today is accepted; its checks report it down.
 */
export async function assertMonitorUrl(guard: SsrfGuard, url: string): Promise<void> {
  const parsed = new URL(url);
  if (parsed.username || parsed.password)
    throw new ValidationError('Invalid monitor', [
      { path: '/url', message: 'must not carry a user name or password', in: 'body' },
    ]);
  try {
    await guard.checkUrl(parsed);
  } catch (error) {
    if (!(error instanceof HostUnresolvedError)) throw error;
  }
}
