import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { BACKSTOP_POLL_SECONDS, type JobDoorbell } from '../jobs/job-doorbell.js';

/**
 * One worker on a pg-boss queue: fetch a job, handle it, complete it, repeat; sleep between
 * empty polls unless woken (by the sender of a job, or the doorbell). Used instead of
 * boss.work(), whose workers complete jobs without waiting for it: a job finishing as the app
 * shuts down then completes on a closed pool (an unhandled rejection). Here stop() returns only
 * after the last completion is written.
 */
export class JobLoop<T extends object> {
  private stopping = false;
  private running: Promise<void> | null = null;
  private sleeper: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    private readonly boss: PgBoss,
    private readonly doorbell: JobDoorbell,
    private readonly queue: string,
    /** How soon a job due is taken while the loop is idle: the doorbell checks this often. */
    private readonly latencyMs: number,
    private readonly handler: (job: PgBoss.Job<T>) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.unlisten ??= this.doorbell.listen(this.queue, this.latencyMs, () => this.wake());
    this.running ??= this.loop();
  }

  /** Ends an idle wait at once (a job was just sent). */
  wake(): void {
    const sleeper = this.sleeper;
    if (!sleeper) return;
    clearTimeout(sleeper.timer);
    this.sleeper = null;
    sleeper.resolve();
  }

  /** Finishes the job in hand, then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unlisten?.();
    this.unlisten = null;
    this.wake();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let jobs: PgBoss.Job<T>[] = [];
      try {
        jobs = await this.boss.fetch<T>(this.queue, { batchSize: 1 });
      } catch (error) {
        this.log.warn({ err: error, queue: this.queue }, 'job fetch failed');
      }
      if (jobs.length === 0) {
        await this.sleep();
        continue;
      }
      for (const job of jobs) await this.work(job);
    }
  }

  private async work(job: PgBoss.Job<T>): Promise<void> {
    try {
      await this.handler(job);
      await this.boss.complete(this.queue, job.id);
    } catch (error) {
      this.log.warn({ err: error, queue: this.queue, job: job.id }, 'job failed');
      // pg-boss retries it as the queue says (plans), or the sweep queues the task again.
      await this.boss
        .fail(this.queue, job.id, { message: (error as Error).message })
        .catch((failError: unknown) => this.log.warn({ err: failError }, 'job not marked failed'));
    }
  }

  private sleep(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeper = null;
        resolve();
      }, BACKSTOP_POLL_SECONDS * 1000);
      this.sleeper = { timer, resolve };
    });
  }
}
