import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { GoalJobs } from './goal-jobs.js';
import { goalsTiming } from './goals-timing.js';
import { type Db, now } from './task-lifecycle.js';
import { recordFailure } from './task-outcomes.js';
import type { TaskWorker } from './task-worker.js';

const BATCH = 200;
export const LOST_ERROR =
  'lease expired: its worker stopped before finishing (process exit or crash)';

/**
 * The safety net that makes jobs disposable: at start-up and every sweepMs it takes back tasks
 * whose lease expired (their process died), queues every ready task of an active goal again
 * (pg-boss keeps one waiting job per task), plans goals whose planner died, and matches the
 * number of workers to max_concurrent_tasks.
 */
export class TaskSweeper {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      jobs: GoalJobs;
      worker: TaskWorker;
      configuration: ConfigurationService;
      log: FastifyBaseLogger;
    },
  ) {}

  async start(): Promise<void> {
    await this.sweep({ startup: true });
    this.timer = setInterval(() => void this.sweep(), goalsTiming.sweepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  /** One pass; concurrent calls share it. */
  sweep(options: { startup?: boolean } = {}): Promise<void> {
    this.sweeping ??= this.sweepOnce(options.startup ?? false)
      .catch((error) => this.deps.log.warn({ err: error }, 'goal sweep failed; retrying'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async sweepOnce(startup: boolean): Promise<void> {
    const { deps } = this;
    const [maxAttempts, workers] = await Promise.all([
      deps.configuration.parameter('task_max_attempts'),
      deps.configuration.parameter('max_concurrent_tasks'),
    ]);
    await this.reclaimExpired(maxAttempts);
    await this.requeueReady();
    await this.replan(startup);
    deps.worker.resize(workers);
  }

  private async reclaimExpired(maxAttempts: number): Promise<void> {
    const expired = await this.deps.db
      .selectFrom('goal_tasks')
      .select(['task_id', 'goal_id', 'run_id'])
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .limit(BATCH)
      .execute();
    for (const task of expired) {
      if (!task.run_id) continue;
      const outcome = await recordFailure(
        this.deps.db,
        this.deps.jobs,
        { task_id: task.task_id, goal_id: task.goal_id, run_id: task.run_id, owner: null },
        { status: 'lost', error: LOST_ERROR, requestId: null, tokens: 0 },
        maxAttempts,
      );
      if (outcome) {
        this.deps.log.warn({ task_id: task.task_id }, 'took back a task whose worker stopped');
        this.deps.worker.announce(outcome);
      }
    }
  }

  private async requeueReady(): Promise<void> {
    const ready = await this.deps.db
      .selectFrom('goal_tasks as t')
      .innerJoin('goals as g', 'g.goal_id', 't.goal_id')
      .select([
        't.task_id',
        'g.priority',
        sql<number>`greatest(0, extract(epoch from (t.available_at - clock_timestamp())) * 1000)::int`.as(
          'wait_ms',
        ),
      ])
      .where('t.status', '=', 'ready')
      .where('g.status', '=', 'active')
      .orderBy('g.priority', 'desc')
      .limit(BATCH)
      .execute();
    for (const task of ready)
      await this.deps.jobs.sendTask(
        { task_id: task.task_id, priority: task.priority },
        { delayMs: task.wait_ms },
      );
  }

  private async replan(startup: boolean): Promise<void> {
    let query = this.deps.db
      .selectFrom('goals')
      .select('goal_id')
      .where('status', '=', 'active')
      .where('planned_at', 'is', null)
      .limit(BATCH);
    if (!startup)
      query = query.where(
        'created_at',
        '<',
        sql<Date>`clock_timestamp() - ${goalsTiming.replanAfterMs} * interval '1 millisecond'`,
      );
    for (const goal of await query.execute()) await this.deps.jobs.sendPlan(goal.goal_id);
  }
}
