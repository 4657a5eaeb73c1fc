import { nextCronRun } from './occurrences.js';
import type { ScheduleChanges, ScheduleRow } from './scheduler.repository.js';
import type { UpdateSchedule } from './scheduler.schema.js';

/** A run_at this close to now (or a little past it) is queued to run at once. */
const PAST_SLACK_MS = 5_000;

/** Request field -> column, for the fields that are stored as they come. */
const COLUMNS = {
  name: 'name',
  enabled: 'enabled',
  cron: 'cron',
  time_zone: 'time_zone',
  run_at: 'run_at',
  action: 'action',
  message: 'message',
  url: 'url',
  check: 'monitor_check',
  interval_seconds: 'interval_seconds',
  expected_status: 'expected_status',
} as const satisfies Record<keyof UpdateSchedule, keyof ScheduleRow>;

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface UpdatePlan {
  changes: ScheduleChanges;
  /** Request fields whose value changed (for the audit row). */
  changed: string[];
  /** The next occurrence moved: the queued job must be replaced. */
  retimed: boolean;
}

/**
 * What a PATCH changes on the row as it is now (read under its lock). Timing changes recompute
 * the next occurrence from now: a new cron or zone takes its next slot, a re-enabled one-off
 * runs only if its time is still ahead, a re-enabled or re-pointed monitor is checked at once.
 */
export function planUpdate(row: ScheduleRow, patch: UpdateSchedule, now: Date): UpdatePlan {
  const changes: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const [field, column] of Object.entries(COLUMNS) as Array<
    [keyof UpdateSchedule, keyof ScheduleRow]
  >) {
    const value = patch[field];
    if (value === undefined || same(value, row[column])) continue;
    changes[column] = value;
    changed.push(field);
  }
  const timingFields =
    row.kind === 'recurring'
      ? ['enabled', 'cron', 'time_zone']
      : row.kind === 'monitor'
        ? ['enabled', 'interval_seconds', 'url']
        : ['enabled', 'run_at'];
  const retimed = changed.some((field) => timingFields.includes(field));
  const after = { ...row, ...changes } as ScheduleRow;
  if (changed.includes('url')) {
    // A different URL is a different monitor: forget what the old one saw.
    Object.assign(changes, {
      monitor_state: null,
      monitor_status: null,
      content_hash: null,
      monitor_error: null,
      last_checked_at: null,
      last_change_at: null,
    });
  }
  if (retimed) {
    changes.next_run_at = after.enabled ? nextOccurrence(after, changed, now) : null;
    changes.queued_job_id = null;
  }
  if (changed.length > 0) changes.updated_at = now;
  return { changes: changes as ScheduleChanges, changed, retimed };
}

function nextOccurrence(after: ScheduleRow, changed: string[], now: Date): Date | null {
  switch (after.kind) {
    case 'recurring':
      return nextCronRun(after.cron ?? '', after.time_zone, now);
    case 'monitor':
      return changed.includes('enabled') || changed.includes('url')
        ? now
        : new Date(now.getTime() + (after.interval_seconds ?? 60) * 1000);
    case 'once':
    case 'reminder':
      return after.run_at && after.run_at.getTime() > now.getTime() - PAST_SLACK_MS
        ? after.run_at
        : null;
  }
}
