import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../store/database.js';
import type { ScheduleKind, SchedulesTable } from './scheduler.tables.js';
import './scheduler.tables.js';

export type ScheduleRow = Selectable<SchedulesTable>;
export type ScheduleChanges = Updateable<SchedulesTable>;
export type NewSchedule = Omit<
  SchedulesTable,
  'enabled' | 'time_zone' | 'created_at' | 'updated_at'
> & { enabled: boolean; time_zone: string };

export type Trx = Transaction<Database>;

/** The schedules themselves; their runs live in ScheduleRunsRepository. */
export class SchedulerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the schedule and, in the same transaction, whatever `then` does (queue its job). */
  async insert(
    schedule: NewSchedule,
    then: (trx: Trx, row: ScheduleRow) => Promise<void>,
  ): Promise<ScheduleRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('schedules')
        .values({ ...schedule, action: jsonb(schedule.action) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await then(trx, row);
      return row;
    });
  }

  get(scheduleId: string): Promise<ScheduleRow | undefined> {
    return this.db
      .selectFrom('schedules')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
  }

  list(kind?: ScheduleKind): Promise<ScheduleRow[]> {
    let query = this.db
      .selectFrom('schedules')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('schedule_id', 'desc');
    if (kind) query = query.where('kind', '=', kind);
    return query.execute();
  }

  enabled(): Promise<ScheduleRow[]> {
    return this.db.selectFrom('schedules').selectAll().where('enabled', '=', true).execute();
  }

  /**
   * Applies a change under the row's lock, with `decide` seeing the row as it is now (so an edit
   * and a worker moving the next occurrence never overwrite each other). Undefined when gone.
   */
  async change(
    scheduleId: string,
    decide: (row: ScheduleRow) => ScheduleChanges,
    then?: (trx: Trx, before: ScheduleRow, after: ScheduleRow) => Promise<void>,
  ): Promise<{ before: ScheduleRow; after: ScheduleRow } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('schedules')
        .selectAll()
        .where('schedule_id', '=', scheduleId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const changes = decide(before);
      if ('action' in changes) changes.action = jsonb(changes.action);
      const after =
        Object.keys(changes).length === 0
          ? before
          : await trx
              .updateTable('schedules')
              .set(changes)
              .where('schedule_id', '=', scheduleId)
              .returningAll()
              .executeTakeFirstOrThrow();
      await then?.(trx, before, after);
      return { before, after };
    });
  }

  async delete(
    scheduleId: string,
    then: (trx: Trx, row: ScheduleRow) => Promise<void>,
  ): Promise<ScheduleRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('schedules')
        .where('schedule_id', '=', scheduleId)
        .returningAll()
        .executeTakeFirst();
      if (row) await then(trx, row);
      return row;
    });
  }

  /** Remembers the job that carries the queued occurrence, unless the occurrence moved meanwhile. */
  async setQueuedJob(scheduleId: string, due: Date, jobId: string, db: Kysely<Database> = this.db) {
    await db
      .updateTable('schedules')
      .set({ queued_job_id: jobId })
      .where('schedule_id', '=', scheduleId)
      .where('next_run_at', '=', due)
      .execute();
  }
}

/** jsonb from a value (pg would send a JS array as a Postgres array, not JSON). */
export function jsonb(value: unknown) {
  return value === null || value === undefined ? null : sql`${JSON.stringify(value)}::jsonb`;
}
