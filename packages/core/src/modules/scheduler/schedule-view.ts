import type { ScheduleRow } from './scheduler.repository.js';
import type { ScheduleAction, ScheduleView } from './scheduler.schema.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A schedule as the API shows it: the kind's own fields, the rest null. */
export function toScheduleView(row: ScheduleRow): ScheduleView {
  return {
    schedule_id: row.schedule_id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    cron: row.cron,
    time_zone: row.time_zone,
    run_at: iso(row.run_at),
    action: (row.action as ScheduleAction | null) ?? null,
    message: row.message,
    url: row.url,
    check: row.monitor_check,
    interval_seconds: row.interval_seconds,
    expected_status: row.expected_status,
    monitor:
      row.kind === 'monitor'
        ? {
            state: row.monitor_state,
            status: row.monitor_status,
            content_hash: row.content_hash,
            error: row.monitor_error,
            last_checked_at: iso(row.last_checked_at),
            last_change_at: iso(row.last_change_at),
          }
        : null,
    next_run_at: iso(row.next_run_at),
    last_run_at: iso(row.last_run_at),
    last_status: row.last_status,
    created_by: row.created_by,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}
