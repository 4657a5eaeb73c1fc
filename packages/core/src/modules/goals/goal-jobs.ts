import { CompiledQuery, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../store/database.js';

export const TASK_QUEUE = 'goal-tasks';
export const PLAN_QUEUE = 'goal-plans';

export interface TaskJob {
  task_id: string;
  /** The goal's priority when the job was sent (pg-boss serves higher first). */
  priority: number;
}

export interface PlanJob {
  goal_id: string;
}

type Trx = Transaction<Database>;

/** pg-boss on the caller's transaction, so a job exists exactly when the change that needs it commits. */
function inTransaction(trx: Trx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * The two job queues of goals. Jobs only wake workers: the task rows in SQL say what may run,
 * so a duplicate or stale job is harmless. Both queues use pg-boss's `short` policy with the
 * task (or goal) id as singleton key: at most one job per task waits in the queue.
 */
export class GoalJobs {
  private wakeListener: () => void = () => {};

  constructor(
    private readonly boss: PgBoss,
    /** pg-boss fails a job whose handler runs longer; a task may run for TASK_TIMEOUT. */
    private readonly taskExpireSeconds: number,
  ) {}

  async createQueues(): Promise<void> {
    // Attempts are counted in SQL (task_max_attempts, live), so pg-boss itself never retries.
    await this.boss.createQueue(TASK_QUEUE, { name: TASK_QUEUE, policy: 'short', retryLimit: 0 });
    await this.boss.createQueue(PLAN_QUEUE, {
      name: PLAN_QUEUE,
      policy: 'short',
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    });
  }

  /** Called after a job was sent from this process (local workers poll less often otherwise). */
  onSend(listener: () => void): void {
    this.wakeListener = listener;
  }

  async sendTask(job: TaskJob, options: { delayMs?: number; trx?: Trx } = {}): Promise<void> {
    const delaySeconds = options.delayMs ? Math.max(0, options.delayMs / 1000) : 0;
    await this.boss.send(TASK_QUEUE, job, {
      priority: job.priority,
      singletonKey: job.task_id,
      retryLimit: 0,
      expireInSeconds: this.taskExpireSeconds,
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      ...(options.trx ? { db: inTransaction(options.trx) } : {}),
    });
    if (!options.trx && delaySeconds === 0) this.wakeListener();
  }

  async sendPlan(goalId: string, trx?: Trx): Promise<void> {
    await this.boss.send(PLAN_QUEUE, { goal_id: goalId } satisfies PlanJob, {
      singletonKey: goalId,
      ...(trx ? { db: inTransaction(trx) } : {}),
    });
    if (!trx) this.wakeListener();
  }

  /** Wakes this process's idle workers after a transaction that sent jobs has committed. */
  wake(): void {
    this.wakeListener();
  }

  /** Jobs waiting in the task queue (not yet taken by a worker). */
  queuedTasks(): Promise<number> {
    return this.boss.getQueueSize(TASK_QUEUE);
  }
}
