import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { JobDoorbell } from '../jobs/job-doorbell.js';
import { type GoalJobs, PLAN_QUEUE, type PlanJob } from './goal-jobs.js';
import { type Plan, type PlannerDeps, planObjective } from './goal-planner.js';
import type { GoalStatus } from './goals.schema.js';
import { goalsTiming } from './goals-timing.js';
import { JobLoop } from './job-loop.js';
import { type Db, lockGoal, now, queueTasks } from './task-lifecycle.js';

/**
 * Writes a plan into the goal's graph, once: the goal row lock and planned_at make a second
 * planner (a retried job, another replica) a no-op. Returns the goal's status, or null when
 * nothing was written.
 */
export async function applyPlan(
  db: Db,
  jobs: GoalJobs,
  goalId: string,
  plan: Plan,
): Promise<GoalStatus | null> {
  return db.transaction().execute(async (trx) => {
    const goal = await lockGoal(trx, goalId);
    if (!goal || (goal.status !== 'active' && goal.status !== 'paused')) return null;
    const row = await trx
      .selectFrom('goals')
      .select(['planned_at'])
      .where('goal_id', '=', goalId)
      .executeTakeFirstOrThrow();
    if (row.planned_at) return null;
    await trx
      .updateTable('goals')
      .set({
        planned_at: now,
        plan_source: plan.source,
        plan_note: plan.note,
        planning_tokens: plan.tokens,
        updated_at: now,
      })
      .where('goal_id', '=', goalId)
      .execute();
    // The operator may have added tasks while the plan was being made; the plan goes after them.
    const last = await trx
      .selectFrom('goal_tasks')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('goal_id', '=', goalId)
      .executeTakeFirst();
    const base = Number(last?.position ?? 0);
    const ids = new Map(plan.tasks.map((task) => [task.key, uuidv7()]));
    const id = (key: string) => ids.get(key) as string;
    await trx
      .insertInto('goal_tasks')
      .values(
        plan.tasks.map((task, index) => ({
          task_id: id(task.key),
          goal_id: goalId,
          position: base + index + 1,
          title: task.title,
          instruction: task.instruction,
          status: task.depends_on.length === 0 ? 'ready' : 'pending',
          created_by: 'planner',
        })),
      )
      .execute();
    const edges = plan.tasks.flatMap((task) =>
      task.depends_on.map((key) => ({
        task_id: id(task.key),
        depends_on: id(key),
        goal_id: goalId,
      })),
    );
    if (edges.length > 0) await trx.insertInto('goal_task_dependencies').values(edges).execute();
    const ready = plan.tasks.filter((task) => task.depends_on.length === 0).map((t) => id(t.key));
    if (goal.status === 'active') await queueTasks(trx, jobs, ready, goal.priority);
    return goal.status;
  });
}

/** The plan queue's worker: one goal at a time per process (a model call each). */
export class PlanWorker {
  private loop: JobLoop<PlanJob> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      boss: PgBoss;
      doorbell: JobDoorbell;
      jobs: GoalJobs;
      planner: PlannerDeps;
      events: RuntimeEvents;
      log: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    // A failure here (the database) fails the job, and pg-boss retries it with backoff.
    this.loop = new JobLoop<PlanJob>(
      this.deps.boss,
      this.deps.doorbell,
      PLAN_QUEUE,
      goalsTiming.pollingSeconds * 1000,
      (job) => this.plan(job.data.goal_id),
      this.deps.log,
    );
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    this.loop = null;
  }

  wake(): void {
    this.loop?.wake();
  }

  async plan(goalId: string): Promise<void> {
    const { deps } = this;
    const goal = await deps.db
      .selectFrom('goals')
      .select(['objective', 'status', 'planned_at'])
      .where('goal_id', '=', goalId)
      .executeTakeFirst();
    // Paused goals are planned when they are resumed (resume queues the plan job again).
    if (goal?.status !== 'active' || goal.planned_at) return;
    const plan = await planObjective(deps.planner, goal.objective);
    const status = await applyPlan(deps.db, deps.jobs, goalId, plan);
    if (!status) return;
    const count = `${plan.tasks.length} task${plan.tasks.length === 1 ? '' : 's'}`;
    deps.events.emit('goal-change', {
      goal_id: goalId,
      status,
      reason:
        plan.source === 'model' ? `planned into ${count} by the model` : `one task: ${plan.note}`,
    });
    deps.log.info(
      { goal_id: goalId, source: plan.source, tasks: plan.tasks.length },
      'goal planned',
    );
    deps.jobs.wake();
  }
}
