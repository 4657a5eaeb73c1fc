import type { Generated } from 'kysely';

export type ScheduleKind = 'recurring' | 'once' | 'reminder' | 'monitor';
export type MonitorCheck = 'up' | 'changed';
export type MonitorState = 'up' | 'down';
export type RunStatus = 'running' | 'ok' | 'error' | 'skipped';
export type RunTrigger = 'schedule' | 'manual';

export interface SchedulesTable {
  schedule_id: string;
  kind: ScheduleKind;
  name: string;
  enabled: Generated<boolean>;
  cron: string | null;
  time_zone: Generated<string>;
  run_at: Date | null;
  action: unknown;
  message: string | null;
  url: string | null;
  monitor_check: MonitorCheck | null;
  interval_seconds: number | null;
  expected_status: number | null;
  monitor_state: MonitorState | null;
  monitor_status: number | null;
  content_hash: string | null;
  monitor_error: string | null;
  last_checked_at: Date | null;
  last_change_at: Date | null;
  next_run_at: Date | null;
  queued_job_id: string | null;
  last_run_at: Date | null;
  last_status: RunStatus | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ScheduleRunsTable {
  run_id: string;
  schedule_id: string;
  due_at: Date;
  trigger: RunTrigger;
  status: RunStatus;
  started_at: Generated<Date>;
  finished_at: Date | null;
  request_id: string | null;
  error: string | null;
  detail: Generated<unknown>;
  /** While `running`: until when its process vouches for it (extended while it works). */
  lease_until: Date | null;
}

declare module '../../store/database.js' {
  interface Database {
    schedules: SchedulesTable;
    schedule_runs: ScheduleRunsTable;
  }
}
