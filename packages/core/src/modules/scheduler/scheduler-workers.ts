import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobDoorbell } from '../jobs/job-doorbell.js';
import { RUN_SWEEP_MS } from './run-limits.js';
import {
  CHECK_QUEUE,
  occurrenceJobSchema,
  RUN_QUEUE,
  type ScheduleQueue,
} from './schedule-queue.js';
import type { ScheduleRunner } from './schedule-runner.js';
import type { ScheduleRunsRepository } from './schedule-runs.repository.js';
import type { SchedulerRepository } from './scheduler.repository.js';

export interface SchedulerWorkerOptions {
  /** How soon a due job is taken by an idle worker: the job doorbell checks this often. */
  pollingIntervalSeconds: number;
  /** Prompt runs and reminders worked at once on this replica. */
  runWorkers: number;
  /** Monitor checks worked at once on this replica. */
  checkWorkers: number;
  /** How often missing jobs are re-queued. */
  maintenanceIntervalMs: number;
  /** How often runs whose lease lapsed (their process died) are closed. */
  sweepIntervalMs: number;
}

const DEFAULTS: SchedulerWorkerOptions = {
  pollingIntervalSeconds: 2,
  runWorkers: 2,
  checkWorkers: 2,
  maintenanceIntervalMs: 5 * 60_000,
  sweepIntervalMs: RUN_SWEEP_MS,
};

/**
 * This replica's share of the scheduling: pg-boss workers on both queues, and a maintenance
 * tick. Options can be changed until start (tests shorten the polling interval).
 */
export class SchedulerWorkers {
  private options = { ...DEFAULTS };
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private started = false;

  constructor(
    private readonly deps: {
      jobs: PgBoss;
      doorbell: JobDoorbell;
      queue: ScheduleQueue;
      runner: ScheduleRunner;
      repository: SchedulerRepository;
      runs: ScheduleRunsRepository;
      log: FastifyBaseLogger;
    },
  ) {}

  configure(options: Partial<SchedulerWorkerOptions>): void {
    if (this.started) throw new Error('The scheduler workers are already running');
    this.options = { ...this.options, ...options };
  }

  /**
   * Creates the queues, closes runs a stopped process left open, queues what is missing (the
   * schedules survive a restart this way), then starts working.
   */
  async start(): Promise<void> {
    this.started = true;
    const { deps, options } = this;
    await deps.queue.createQueues();
    await this.maintain();
    const work = { batchSize: 1, everySeconds: options.pollingIntervalSeconds };
    const handler = async (jobs: PgBoss.Job<unknown>[]) => {
      for (const job of jobs) {
        const data = occurrenceJobSchema.safeParse(job.data);
        if (!data.success) {
          deps.log.warn({ job_id: job.id }, 'dropped an unreadable scheduler job');
          continue;
        }
        await deps.runner.runDue(data.data.schedule_id, new Date(data.data.due_at));
      }
    };
    const workers = { [RUN_QUEUE]: options.runWorkers, [CHECK_QUEUE]: options.checkWorkers };
    for (const [queue, count] of Object.entries(workers))
      for (let i = 0; i < count; i++)
        deps.queue.addWorker(queue, await deps.doorbell.work(queue, work, handler));
    this.timer = setInterval(() => void this.maintain(), options.maintenanceIntervalMs);
    this.timer.unref();
    this.sweeper = setInterval(() => void this.sweep(), options.sweepIntervalMs);
    this.sweeper.unref();
  }

  private stopTimers(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.timer = null;
    this.sweeper = null;
  }

  /** Stops taking jobs and cancels running work; pg-boss's own stop waits for the handlers. */
  async stop(): Promise<void> {
    this.stopTimers();
    if (this.started) {
      await this.deps.doorbell.offWork(RUN_QUEUE);
      await this.deps.doorbell.offWork(CHECK_QUEUE);
    }
    await this.deps.runner.stop();
  }

  /**
   * Stops taking jobs and cancels running work until resume() (a Panic Reset): the schedules
   * survive it, and their occurrences fall due again afterwards.
   */
  async pause(): Promise<void> {
    if (!this.started) return;
    this.stopTimers();
    for (const queue of [RUN_QUEUE, CHECK_QUEUE]) {
      await this.deps.doorbell.offWork(queue);
      this.deps.queue.removeWorkers(queue);
    }
    await this.deps.runner.interrupt('a Panic Reset is running');
  }

  async resume(): Promise<void> {
    if (this.started) await this.start();
  }

  /**
   * Queues every enabled schedule whose next occurrence has no job waiting or running: a
   * restart, a job lost with a restored database, a send that failed. An occurrence that fell
   * due while no runtime was up is queued as it is and runs once, at once.
   */
  async reconcile(): Promise<number> {
    const { queue, repository } = this.deps;
    let queued = 0;
    for (const candidate of await repository.enabled()) {
      if (!candidate.next_run_at) continue;
      // Judged again under the row's lock: a worker may have moved the occurrence meanwhile.
      await repository.change(
        candidate.schedule_id,
        () => ({}),
        async (trx, row) => {
          if (!row.enabled || !row.next_run_at || (await queue.isQueued(trx, row))) return;
          await queue.enqueue(trx, row, row.next_run_at);
          queued++;
        },
      );
    }
    if (queued > 0) this.deps.log.info({ queued }, 'queued schedules whose next run was missing');
    return queued;
  }

  private async maintain(): Promise<void> {
    await this.sweep();
    try {
      await this.reconcile();
    } catch (error) {
      this.deps.log.error({ err: error }, 'scheduler maintenance failed');
    }
  }

  /** Closes runs whose process died mid-run (their lease lapsed). */
  private async sweep(): Promise<void> {
    try {
      const interrupted = await this.deps.runs.interruptLapsedRuns();
      if (interrupted > 0) this.deps.log.warn({ interrupted }, 'closed abandoned scheduled runs');
    } catch (error) {
      this.deps.log.error({ err: error }, 'closing abandoned scheduled runs failed');
    }
  }
}
