import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { ResetStepRecord } from './reset.tables.js';
import './reset.tables.js';

export interface ResetRun {
  run_id: string;
  actor: string;
  started_at: Date;
  /** The last step completed (0 before the first). */
  step: number;
  status: 'running' | 'done' | 'failed';
  steps: ResetStepRecord[];
  error: string | null;
  finished_at: Date | null;
}

/** The reset journal (`reset_runs`): the server, not the request, owns a run. */
export class ResetJournal {
  constructor(private readonly db: Kysely<Database>) {}

  /** Opens a run; null when another one is running (one at a time, across replicas). */
  async open(runId: string, actor: string): Promise<ResetRun | null> {
    const row = await this.db
      .insertInto('reset_runs')
      .values({ run_id: runId, actor, status: 'running' })
      .onConflict((oc) => oc.expression(sql`(true)`).where('status', '=', 'running').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toRun(row) : null;
  }

  async running(): Promise<ResetRun | null> {
    const row = await this.db
      .selectFrom('reset_runs')
      .selectAll()
      .where('status', '=', 'running')
      .executeTakeFirst();
    return row ? toRun(row) : null;
  }

  async latest(): Promise<ResetRun | null> {
    const row = await this.db
      .selectFrom('reset_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRun(row) : null;
  }

  /** Records a completed step; `db` is the step's transaction when it has one. */
  async advance(
    runId: string,
    record: ResetStepRecord,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db
      .updateTable('reset_runs')
      .set({
        step: record.step,
        steps: sql`steps || ${JSON.stringify([record])}::jsonb`,
      })
      .where('run_id', '=', runId)
      .where('step', '<', record.step)
      .execute();
  }

  async finish(runId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('reset_runs')
      .set({ status: 'done', finished_at: sql`clock_timestamp()` })
      .where('run_id', '=', runId)
      .execute();
  }

  async fail(runId: string, error: string): Promise<void> {
    await this.db
      .updateTable('reset_runs')
      .set({ status: 'failed', error, finished_at: sql`clock_timestamp()` })
      .where('run_id', '=', runId)
      .where('status', '=', 'running')
      .execute();
  }
}

function toRun(row: {
  run_id: string;
  actor: string;
  started_at: Date;
  step: number;
  status: 'running' | 'done' | 'failed';
  steps: ResetStepRecord[];
  error: string | null;
  finished_at: Date | null;
}): ResetRun {
  return { ...row, started_at: new Date(row.started_at) };
}
