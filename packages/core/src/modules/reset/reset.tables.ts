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

declare module '../../store/database.js' {
  interface Database {
    reset_runs: ResetRunsTable;
  }
}
