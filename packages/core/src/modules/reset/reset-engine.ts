import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { SqlStore } from '../../store/db.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import type { ResetStepRecord } from './reset.tables.js';
import { ResetFence } from './reset-fence.js';
import type { ResetJournal, ResetRun } from './reset-journal.js';
import {
  COGNITIVE_JOB_QUEUES,
  COGNITIVE_KV_PATTERNS,
  COGNITIVE_QUEUES,
  COGNITIVE_TABLES,
} from './reset-scope.js';

/** SPEC's six steps, in order. Each is idempotent, so a resumed run may repeat the one it died in. */
export const RESET_STEPS = [
  'truncate_cognitive_tables',
  'wipe_kv_patterns',
  'reset_identity',
  'reset_self_model',
  'vacuum',
  'write_audit_entry',
] as const;

/** What each step does, for the plan and the `running` event. */
export const STEP_DESCRIPTIONS: Record<(typeof RESET_STEPS)[number], string> = {
  truncate_cognitive_tables: `Truncate the ${COGNITIVE_TABLES.length} cognitive tables, drop the ${COGNITIVE_JOB_QUEUES.length} cognitive job queues' jobs, fence off records made before, and close pending confirmations`,
  wipe_kv_patterns: `Delete ${COGNITIVE_KV_PATTERNS.length} key-value patterns and empty ${COGNITIVE_QUEUES.length} queues`,
  reset_identity: 'Reset the identity: born_at set to now, total_xp set to 0',
  reset_self_model: 'Reset the self-model to {}',
  vacuum: 'Run a full vacuum of the database',
  write_audit_entry: 'Write one audit entry with what was wiped and how long it took',
};

export const AUDIT_ACTION = 'reset.panic';
export const auditIdFor = (runId: string) => `reset:${runId}`;

export type ResetProgress =
  | { type: 'step'; step: number; name: string; status: 'running'; detail: string }
  | ({ type: 'step'; status: 'done' } & ResetStepRecord)
  | { type: 'step'; step: number; name: string; status: 'failed'; detail: string }
  | { type: 'done'; ok: true; summary: ResetSummary }
  | { type: 'done'; ok: false; summary: { run_id: string; error: string } };

export interface ResetSummary {
  run_id: string;
  started_at: string;
  duration_ms: number;
  steps: ResetStepRecord[];
}

export interface ResetEngineDependencies {
  sql: SqlStore;
  kv: KvStore;
  journal: ResetJournal;
  /** Advanced by the wipe; this process learns the new epoch once the wipe commits. */
  fence: ResetFence;
  /** pg-boss's schema, whose cognitive queues are emptied with the wipe; null without jobs. */
  jobsSchema: string | null;
  log: FastifyBaseLogger;
  /** Runs after each completed step (crash tests stop the process here). */
  afterStep?: (step: number) => Promise<void>;
}

type StepResult = { detail: string; counts: Record<string, number> };
type Commit = (result: StepResult, db?: Kysely<Database>) => Promise<void>;

/** Runs the six steps of a reset from where its journal says it stopped. */
export class ResetEngine {
  constructor(private readonly deps: ResetEngineDependencies) {}

  /** A new run id, for a journal row opened by the caller. */
  static newRunId(): string {
    return randomUUID();
  }

  async run(run: ResetRun, emit: (progress: ResetProgress) => void): Promise<ResetSummary> {
    const { journal } = this.deps;
    const records = [...run.steps];
    const began = Date.now();
    for (let step = run.step + 1; step <= RESET_STEPS.length; step += 1) {
      const name = RESET_STEPS[step - 1] as (typeof RESET_STEPS)[number];
      emit({ type: 'step', step, name, status: 'running', detail: STEP_DESCRIPTIONS[name] });
      const started = performance.now();
      let record: ResetStepRecord | undefined;
      // Called by the step with its result, inside its transaction when it has one, so the
      // journal says a step is done exactly when its effects are committed.
      const commit: Commit = async (result, db) => {
        record = { step, name, duration_ms: Math.round(performance.now() - started), ...result };
        await journal.advance(run.run_id, record, db);
      };
      try {
        await this.perform(step, run, records, commit);
        if (!record) throw new Error(`step ${name} did not record its result`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        emit({ type: 'step', step, name, status: 'failed', detail: message });
        await journal.fail(run.run_id, `${name}: ${message}`).catch(() => {});
        throw error;
      }
      records.push(record);
      emit({ type: 'step', status: 'done', ...record });
      await this.deps.afterStep?.(step);
    }
    return {
      run_id: run.run_id,
      started_at: run.started_at.toISOString(),
      duration_ms: Date.now() - began,
      steps: records,
    };
  }

  private async perform(
    step: number,
    run: ResetRun,
    records: ResetStepRecord[],
    commit: Commit,
  ): Promise<void> {
    switch (step) {
      case 1:
        return this.truncate(commit);
      case 2:
        return commit(await this.wipeKv());
      case 3:
        return commit(await this.resetIdentity(run));
      case 4:
        return commit(await this.resetSelfModel());
      case 5:
        return commit(await this.vacuum());
      default:
        return this.writeAudit(run, records, commit);
    }
  }

  /**
   * One transaction: the fence, the 17 tables, the cognitive job queues, agents' run state,
   * pending confirmations, the journal. The fence comes first: its row lock makes every
   * fenced writer's batch either commit before the wipe or read the new epoch after it.
   */
  private async truncate(commit: Commit): Promise<void> {
    const epoch = await this.deps.sql.db.transaction().execute(async (tx) => {
      const next = await ResetFence.advance(tx);
      const counts = await cognitiveRowCounts(tx);
      const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
      const list = sql.join(COGNITIVE_TABLES.map((table) => sql.id(table)));
      // No CASCADE: a surviving table that references one of these makes this fail, not wipe it.
      await sql`truncate ${list} restart identity`.execute(tx);
      const jobs = await this.dropCognitiveJobs(tx);
      await tx
        .updateTable('agents')
        .set({ messages_count: 0, last_error: null, run_id: null, run_expires_at: null })
        .execute();
      const closed = await tx
        .updateTable('confirmations')
        .set({ status: 'denied', decided_by: 'panic reset', decided_at: sql`clock_timestamp()` })
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const confirmations = Number(closed.numUpdatedRows);
      await commit(
        {
          detail: `${COGNITIVE_TABLES.length} tables truncated (${rows} rows); ${jobs} queued jobs dropped; ${confirmations} pending confirmations closed; reset epoch ${next}`,
          counts: { ...counts, jobs_dropped: jobs, confirmations_closed: confirmations },
        },
        tx,
      );
      return next;
    });
    await this.deps.fence.learn(epoch);
  }

  /** Jobs of the cognitive queues, waiting, running or kept as history: their payloads go too. */
  private async dropCognitiveJobs(tx: Kysely<Database>): Promise<number> {
    const { jobsSchema } = this.deps;
    if (!jobsSchema) return 0;
    const queues = [...COGNITIVE_JOB_QUEUES];
    let dropped = 0;
    for (const table of ['job', 'archive']) {
      const result = await sql`delete from ${sql.id(jobsSchema, table)}
        where name = any(${queues}::text[])`.execute(tx);
      dropped += Number(result.numAffectedRows ?? 0);
    }
    return dropped;
  }

  private async wipeKv(): Promise<StepResult> {
    const { kv } = this.deps;
    const counts: Record<string, number> = {};
    let keys = 0;
    for (const pattern of COGNITIVE_KV_PATTERNS) {
      counts[pattern] = await kv.deleteByPattern(pattern);
      keys += counts[pattern];
    }
    let items = 0;
    for (const queue of COGNITIVE_QUEUES) {
      counts[queue] = await kv.clearQueues(queue);
      items += counts[queue];
    }
    return {
      detail: `${COGNITIVE_KV_PATTERNS.length} key patterns wiped (${keys} keys); ${COGNITIVE_QUEUES.length} queues cleared (${items} items)`,
      counts,
    };
  }

  /** born_at is the run's start, not now(): a resumed run sets the same value. */
  private async resetIdentity(run: ResetRun): Promise<StepResult> {
    await this.deps.sql.db
      .updateTable('identity')
      .set({ born_at: run.started_at, total_xp: 0, updated_at: new Date() })
      .where('id', '=', 1)
      .execute();
    return { detail: `born_at ${run.started_at.toISOString()}, total_xp 0`, counts: {} };
  }

  private async resetSelfModel(): Promise<StepResult> {
    await this.deps.sql.db
      .updateTable('self_model')
      .set({ model: JSON.stringify({}), computed_at: null })
      .execute();
    return { detail: 'self-model set to {}', counts: {} };
  }

  /**
   * VACUUM (FULL, ANALYZE) of every table in the store's schema, outside any transaction. A
   * killed VACUUM FULL leaves the old files valid; running it again completes it.
   */
  private async vacuum(): Promise<StepResult> {
    const { db, schema } = this.deps.sql;
    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = ${schema} order by tablename`.execute(db);
    const names = tables.rows.map((row) => sql`${sql.id(schema)}.${sql.id(row.tablename)}`);
    await sql`vacuum (full, analyze) ${sql.join(names)}`.execute(db);
    return { detail: `${names.length} tables vacuumed (full, analyze)`, counts: {} };
  }

  /** One entry per run: its id comes from the run, and the journal closes in the same transaction. */
  private async writeAudit(run: ResetRun, records: ResetStepRecord[], commit: Commit) {
    const truncate = records.find((r) => r.step === 1);
    const kv = records.find((r) => r.step === 2);
    const elapsed = Date.now() - run.started_at.getTime();
    await this.deps.sql.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('audit_log')
        .values({
          id: auditIdFor(run.run_id),
          action: AUDIT_ACTION,
          actor: run.actor,
          target: 'agent',
          detail: JSON.stringify({
            run_id: run.run_id,
            tables: truncate?.counts ?? {},
            kv: kv?.counts ?? {},
            steps: records.map((r) => ({ name: r.name, duration_ms: r.duration_ms })),
            duration_ms: elapsed,
          }),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await commit({ detail: `audit entry ${AUDIT_ACTION} written`, counts: {} }, tx);
      await this.deps.journal.finish(run.run_id, tx);
    });
  }
}

/** Rows in each cognitive table, exactly. */
export async function cognitiveRowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const parts = COGNITIVE_TABLES.map(
    (table) => sql`select ${table} as name, count(*)::int as n from ${sql.id(table)}`,
  );
  const result = await sql<{
    name: string;
    n: number;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.n)]));
}
