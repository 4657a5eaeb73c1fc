import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import { RUN_LEASE_MS } from './run-limits.js';
import { jsonb, type ScheduleRow, type Trx } from './scheduler.repository.js';
import type { RunsQuery, RunView } from './scheduler.schema.js';
import type { RunStatus, RunTrigger } from './scheduler.tables.js';
import './scheduler.tables.js';

export interface RunOutcome {
  status: Exclude<RunStatus, 'running'>;
  request_id?: string | null;
  error?: string | null;
  detail?: Record<string, unknown>;
}

/** Runs kept per schedule; older ones are pruned as new ones finish. */
const RUNS_KEPT = 500;

/** The runs of schedules: claiming an occurrence, recording outcomes, paging the history. */
export class ScheduleRunsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims the occurrence due at `due`: only while it is still the schedule's queued occurrence
   * (an edit or another replica may have moved it), and only if no run of it exists (the unique
   * (schedule_id, due_at) insert that loses the race gets nothing). The next occurrence is set
   * in the same transaction, and `then` queues it there. Undefined when this caller must skip;
   * `overlapping` when an earlier run of the schedule is still going.
   */
  async claimOccurrence(
    scheduleId: string,
    due: Date,
    following: (row: ScheduleRow) => Date | null,
    then: (trx: Trx, row: ScheduleRow, next: Date) => Promise<void>,
  ): Promise<
    { row: ScheduleRow; runId: string; next: Date | null; overlapping: boolean } | undefined
  > {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('schedules')
        .selectAll()
        .where('schedule_id', '=', scheduleId)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.enabled || row.next_run_at?.getTime() !== due.getTime()) return undefined;
      const running = await trx
        .selectFrom('schedule_runs')
        .select('run_id')
        .where('schedule_id', '=', scheduleId)
        .where('status', '=', 'running')
        .where('lease_until', '>', sql<Date>`clock_timestamp()`)
        .limit(1)
        .executeTakeFirst();
      const runId = uuidv7();
      const inserted = await trx
        .insertInto('schedule_runs')
        .values({
          run_id: runId,
          schedule_id: scheduleId,
          due_at: due,
          trigger: 'schedule',
          status: 'running',
          lease_until: leaseFromNow(),
        })
        .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
        .returning('run_id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      const next = following(row);
      await trx
        .updateTable('schedules')
        .set({
          next_run_at: next,
          queued_job_id: null,
          last_run_at: sql<Date>`clock_timestamp()`,
          last_status: 'running',
        })
        .where('schedule_id', '=', scheduleId)
        .execute();
      if (next) await then(trx, row, next);
      return { row, runId, next, overlapping: running !== undefined };
    });
  }

  /** A run the operator asked for: not tied to the queue, so no claim. */
  async insertManualRun(scheduleId: string, trigger: RunTrigger = 'manual'): Promise<string> {
    const runId = uuidv7();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('schedule_runs')
        .values({
          run_id: runId,
          schedule_id: scheduleId,
          due_at: sql<Date>`clock_timestamp()`,
          trigger,
          status: 'running',
          lease_until: leaseFromNow(),
        })
        .execute();
      await trx
        .updateTable('schedules')
        .set({ last_run_at: sql<Date>`clock_timestamp()`, last_status: 'running' })
        .where('schedule_id', '=', scheduleId)
        .execute();
    });
    return runId;
  }

  /** Records how a run ended, on the run and (if it is still the latest) on its schedule. */
  async finishRun(scheduleId: string, runId: string, outcome: RunOutcome): Promise<void> {
    await this.db
      .updateTable('schedule_runs')
      .set({
        status: outcome.status,
        finished_at: sql<Date>`clock_timestamp()`,
        request_id: outcome.request_id ?? null,
        error: outcome.error ?? null,
        detail: jsonb(outcome.detail ?? {}),
      })
      .where('run_id', '=', runId)
      .execute();
    const latest = await this.db
      .selectFrom('schedule_runs')
      .select('run_id')
      .where('schedule_id', '=', scheduleId)
      .orderBy('started_at', 'desc')
      .orderBy('run_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest?.run_id === runId)
      await this.db
        .updateTable('schedules')
        .set({ last_status: outcome.status })
        .where('schedule_id', '=', scheduleId)
        .execute();
    await this.pruneRuns(scheduleId);
  }

  getRun(runId: string): Promise<RunView | undefined> {
    return this.runs().where('run_id', '=', runId).executeTakeFirst() as Promise<
      RunView | undefined
    >;
  }

  /** Newest first, keyset-paged on (started_at, run_id) like the audit log. */
  async runsPage(scheduleId: string, query: RunsQuery) {
    let select = this.runs()
      .where('schedule_id', '=', scheduleId)
      .orderBy('schedule_runs.started_at', 'desc')
      .orderBy('schedule_runs.run_id', 'desc')
      .limit(query.limit + 1);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('schedule_runs.started_at', 'schedule_runs.run_id'),
          '<',
          tuple(sql<Date>`${ts}::timestamptz`, id),
        ),
      );
    }
    const rows = (await select.execute()) as RunView[];
    const runs = rows.slice(0, query.limit);
    const last = runs.at(-1);
    return {
      runs,
      next_cursor: rows.length > query.limit && last ? `${last.started_at}|${last.run_id}` : null,
    };
  }

  /** The runs this process is working on are still alive: their leases go on. */
  async extendLeases(runIds: string[]): Promise<void> {
    if (runIds.length === 0) return;
    await this.db
      .updateTable('schedule_runs')
      .set({ lease_until: leaseFromNow() })
      .where('run_id', 'in', runIds)
      .where('status', '=', 'running')
      .execute();
  }

  /** Runs left `running` by a process that stopped mid-run: their lease lapsed. */
  async interruptLapsedRuns(): Promise<number> {
    const result = await this.db
      .updateTable('schedule_runs')
      .set({
        status: 'error',
        error: 'interrupted: the runtime stopped during the run',
        finished_at: sql<Date>`clock_timestamp()`,
      })
      .where('status', '=', 'running')
      .where('lease_until', '<', sql<Date>`clock_timestamp()`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private async pruneRuns(scheduleId: string): Promise<void> {
    const cutoff = await this.db
      .selectFrom('schedule_runs')
      .select([isoMicros('started_at').as('started_at'), 'run_id'])
      .where('schedule_id', '=', scheduleId)
      .orderBy('started_at', 'desc')
      .orderBy('run_id', 'desc')
      .offset(RUNS_KEPT - 1)
      .limit(1)
      .executeTakeFirst();
    if (!cutoff) return;
    await this.db
      .deleteFrom('schedule_runs')
      .where('schedule_id', '=', scheduleId)
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('started_at', 'run_id'),
          '<',
          tuple(sql<Date>`${cutoff.started_at}::timestamptz`, cutoff.run_id),
        ),
      )
      .execute();
  }

  private runs() {
    return this.db
      .selectFrom('schedule_runs')
      .select([
        'run_id',
        'schedule_id',
        isoMicros('due_at').as('due_at'),
        'trigger',
        'status',
        isoMicros('started_at').as('started_at'),
        isoMicros('finished_at').as('finished_at'),
        'request_id',
        'error',
        'detail',
      ]);
  }
}

/** A lease from now, on the database's clock (replicas' clocks may differ). */
const leaseFromNow = () =>
  sql<Date>`clock_timestamp() + ${`${RUN_LEASE_MS} milliseconds`}::interval`;
