import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { RUN_TIMEOUT_MS } from './run-limits.js';
import type { ScheduleRow, SchedulerRepository, Trx } from './scheduler.repository.js';

/** Prompt runs and reminders; monitor checks have their own queue so a long prompt never delays them. */
export const RUN_QUEUE = 'scheduler-runs';
export const CHECK_QUEUE = 'scheduler-checks';

export const queueFor = (row: Pick<ScheduleRow, 'kind'>) =>
  row.kind === 'monitor' ? CHECK_QUEUE : RUN_QUEUE;

export const occurrenceJobSchema = z.object({
  schedule_id: z.string().min(1),
  due_at: z.iso.datetime(),
});
export type OccurrenceJob = z.infer<typeof occurrenceJobSchema>;

const LIVE_STATES = new Set(['created', 'retry', 'active']);

/**
 * pg-boss on the caller's transaction: a job exists exactly when the change that needs it
 * commits, and on PGlite (one session) pg-boss never waits for the connection the
 * transaction holds.
 */
function onTransaction(trx: Trx): { db: PgBoss.Db } {
  return {
    db: {
      async executeSql(text: string, values: unknown[]) {
        const result = await trx.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      },
    },
  };
}

/**
 * The schedule's side of pg-boss: one job per due occurrence, started after its due time. The
 * queues use the `short` policy, so a second job with the same singleton key
 * (`<schedule_id>:<due ISO>`) is refused while the first waits: two replicas reconciling at
 * once queue an occurrence once.
 */
export class ScheduleQueue {
  private readonly workers = new Map<string, string[]>();

  constructor(
    private readonly jobs: PgBoss,
    private readonly repository: SchedulerRepository,
  ) {}

  async createQueues(): Promise<void> {
    for (const name of [RUN_QUEUE, CHECK_QUEUE])
      await this.jobs.createQueue(name, { name, policy: 'short' });
  }

  /** Queues the occurrence due at `due` and remembers its job on the schedule, in `trx`. */
  async enqueue(trx: Trx, row: ScheduleRow, due: Date): Promise<void> {
    const data: OccurrenceJob = { schedule_id: row.schedule_id, due_at: due.toISOString() };
    const jobId = await this.jobs.send(queueFor(row), data, {
      ...onTransaction(trx),
      startAfter: due,
      singletonKey: `${row.schedule_id}:${data.due_at}`,
      // Retries are for failures around the run (the database away); the claim makes them safe.
      retryLimit: 3,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: row.kind === 'monitor' ? 300 : RUN_TIMEOUT_MS / 1000 + 300,
    });
    if (jobId) await this.repository.setQueuedJob(row.schedule_id, due, jobId, trx);
    // A job due now need not wait for the next poll.
    if (jobId && due.getTime() <= Date.now()) this.wake(queueFor(row));
  }

  /** Remembers this replica's workers, so a job due now can wake one. */
  addWorker(queue: string, workerId: string): void {
    this.workers.set(queue, [...(this.workers.get(queue) ?? []), workerId]);
  }

  /** Forgets this replica's workers of a queue (they were stopped). */
  removeWorkers(queue: string): void {
    this.workers.delete(queue);
  }

  private wake(queue: string): void {
    // After the transaction commits, or the woken worker would find nothing.
    setTimeout(() => {
      for (const id of this.workers.get(queue) ?? []) this.jobs.notifyWorker(id);
    }, 20).unref();
  }

  /** Drops the job of an occurrence that is no longer wanted (deleted so its key is free again). */
  async drop(trx: Trx, row: Pick<ScheduleRow, 'kind' | 'queued_job_id'>): Promise<void> {
    if (!row.queued_job_id) return;
    await this.jobs.deleteJob(queueFor(row), row.queued_job_id, onTransaction(trx));
  }

  /** Whether the schedule's next occurrence has a job waiting (or running). */
  async isQueued(trx: Trx, row: ScheduleRow): Promise<boolean> {
    if (!row.queued_job_id || !row.next_run_at) return false;
    const job = await this.jobs.getJobById<OccurrenceJob>(queueFor(row), row.queued_job_id, {
      ...onTransaction(trx),
      includeArchive: false,
    });
    return (
      job !== null &&
      LIVE_STATES.has(job.state) &&
      job.data.due_at === new Date(row.next_run_at).toISOString()
    );
  }
}
