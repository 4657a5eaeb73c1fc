import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import type { JobDoorbell } from '../jobs/job-doorbell.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';
import { SUBSCRIPTION_TUNING } from './subscriptions.tuning.js';

export const POLL_QUEUE = 'subscription-poll';
/** Namespace of the job ids: one id per subscription and due time, whoever sends it. */
const JOB_NAMESPACE = 'f5b0c7a2-3e1d-4b8a-9c6f-2d7e8a1b4c90';

const pollJob = z.object({ subscription_id: z.string(), due: z.string() });

export interface SchedulerOptions {
  jobs: PgBoss;
  doorbell: JobDoorbell;
  repository: SubscriptionsRepository;
  /** Whether polls run now (the monitors_and_subscriptions flag), read at every due poll. */
  enabled: () => Promise<boolean>;
  /** Runs the poll of a claimed subscription; true when it succeeded. */
  poll: (row: SubscriptionRow) => Promise<boolean>;
  /** Told when a due poll is skipped because polling is off. */
  skipped: (row: SubscriptionRow) => void;
  log: FastifyBaseLogger;
}

/** Backoff after failures: the interval doubled per failure (up to 64x), capped at a day. */
export function backoffSeconds(intervalSeconds: number, failures: number): number {
  const doubled = intervalSeconds * 2 ** Math.min(failures, 6);
  return Math.max(intervalSeconds, Math.min(doubled, SUBSCRIPTION_TUNING.maxBackoffSeconds));
}

/**
 * Each subscription has one self-rescheduling pg-boss job. Its `next_check_at` is both the due
 * time and the version of the schedule: a job runs only if the row still has its due time
 * (compare-and-set), so a job left over from an earlier schedule, a second replica's copy, or a
 * retry never polls twice. The next job is sent before the poll starts, so a crash mid-poll
 * loses no schedule; the reconciler re-sends the job of any enabled subscription as a safety net.
 */
export class PollScheduler {
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  async start(): Promise<void> {
    const { jobs, doorbell } = this.options;
    await jobs.createQueue(POLL_QUEUE);
    await doorbell.work(
      POLL_QUEUE,
      { batchSize: 4, everySeconds: SUBSCRIPTION_TUNING.jobPollingSeconds },
      (batch) => this.track(Promise.all(batch.map((job) => this.runJob(job.data))).then(() => {})),
    );
    await this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), SUBSCRIPTION_TUNING.reconcileEveryMs);
    this.timer.unref();
  }

  /** Stops taking jobs and waits for the polls under way (bounded by the fetch timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.options.doorbell.offWork(POLL_QUEUE).catch(() => {});
    await Promise.allSettled([...this.active]);
  }

  /** Sends the job for a due time; a copy already queued (same id) is left as it is. */
  async schedule(subscriptionId: string, due: Date): Promise<void> {
    const dueIso = due.toISOString();
    const key = `${subscriptionId}@${dueIso}`;
    await this.options.jobs.send(
      POLL_QUEUE,
      { subscription_id: subscriptionId, due: dueIso },
      {
        id: uuidv5(key, JOB_NAMESPACE),
        singletonKey: key,
        startAfter: due,
        retryLimit: 2,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      },
    );
  }

  /**
   * Re-sends the job of every enabled subscription. One whose due time has long passed (its job
   * failed for good, or was lost) gets a fresh due time of now.
   */
  async reconcile(): Promise<void> {
    if (this.stopped) return;
    try {
      const now = Date.now();
      for (const {
        subscription_id,
        next_check_at,
      } of await this.options.repository.enabledSchedules()) {
        const due = new Date(next_check_at);
        if (now - due.getTime() <= SUBSCRIPTION_TUNING.overdueGraceMs) {
          await this.schedule(subscription_id, due);
          continue;
        }
        const fresh = new Date(now);
        if (await this.options.repository.moveDue(subscription_id, due, fresh))
          await this.schedule(subscription_id, fresh);
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not reconcile subscription polls');
    }
  }

  private track(work: Promise<void>): Promise<void> {
    this.active.add(work);
    return work.finally(() => this.active.delete(work));
  }

  private async runJob(data: unknown): Promise<void> {
    const job = pollJob.safeParse(data);
    if (!job.success) return;
    const { subscription_id: id, due } = job.data;
    const { repository, log } = this.options;
    try {
      const current = await repository.get(id);
      if (!current) return;
      const next = new Date(Date.now() + current.interval_seconds * 1000);
      const row = await repository.claimDue(id, new Date(due), next);
      if (!row) return; // an older schedule, another replica's copy, paused or removed
      await this.schedule(id, next);
      if (!(await this.options.enabled())) {
        this.options.skipped(row);
        return;
      }
      if (await this.options.poll(row)) return;
      const failures = (await repository.get(id))?.consecutive_failures ?? 1;
      const later = new Date(Date.now() + backoffSeconds(row.interval_seconds, failures) * 1000);
      if (await repository.moveDue(id, next, later)) await this.schedule(id, later);
    } catch (error) {
      // The job completes anyway: the reconciler restores a schedule this left behind.
      log.error({ err: error, subscription_id: id }, 'subscription poll job failed');
    }
  }
}
