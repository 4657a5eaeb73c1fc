import type { ColumnType, Generated } from 'kysely';

export interface ResetRunsTable {
  run_id: string;
  actor: string;
  started_at: Generated<Date>;
  step: Generated<number>;
  status: 'running' | 'done' | 'failed';
  steps: ColumnType<ResetStepRecord[], string | undefined, string>;
  error: string | null;
  finished_at: Date | null;
}

/** What one completed step reported, kept in the journal so a resumed run can report it too. */
export interface ResetStepRecord {
  step: number;
  name: string;
  duration_ms: number;
  detail: string;
  counts: Record<string, number>;
}

/** One row: how many resets wiped the cognitive tables, and when the last one did. */
export interface ResetFenceTable {
  id: number;
  epoch: ColumnType<string, never, never>;
  fenced_at: Date | null;
}

declare module '../../store/database.js' {
  interface Database {
    reset_runs: ResetRunsTable;
    reset_fence: ResetFenceTable;
  }
}
