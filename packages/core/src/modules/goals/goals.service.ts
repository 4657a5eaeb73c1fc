import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { GoalJobs } from './goal-jobs.js';
import type { GoalListQuery, GoalsRepository } from './goals.repository.js';
import {
  type AddTaskInput,
  type CreateGoalInput,
  createGoalBody,
  type Goal,
  type GoalDetail,
  type GoalStatus,
  type RunQuery,
  type Task,
} from './goals.schema.js';
import { insertTask } from './task-additions.js';
import {
  cancelWaiting,
  type Db,
  type LockedGoal,
  lockGoal,
  queueTasks,
  readyTaskIds,
  setGoalStatus,
  type Trx,
} from './task-lifecycle.js';

type Change = 'pause' | 'resume' | 'archive';

/** Which statuses each operator change may start from; anything else is 409 invalid_transition. */
const ALLOWED_FROM: Record<Change, GoalStatus[]> = {
  pause: ['active'],
  resume: ['paused'],
  archive: ['active', 'paused', 'completed', 'failed'],
};

const NOT_FOUND = 'No goal with that id';

/**
 * Goals for the routes, the task_manager skill and other modules (the scheduler creates goals).
 * Every change is one transaction, audited with its actor and announced as goal-change.
 */
export class GoalsService {
  constructor(
    private readonly deps: {
      db: Db;
      repository: GoalsRepository;
      jobs: GoalJobs;
      audit: AuditService;
      events: RuntimeEvents;
    },
  ) {}

  /** A new active goal; a job plans it into tasks (or one task) shortly after. */
  async create(
    input: CreateGoalInput,
    actor: string,
    requestId: string | null = null,
  ): Promise<Goal> {
    const { db, jobs } = this.deps;
    // The routes validated already; callers in code (skills, the scheduler) get the same checks.
    const parsed = createGoalBody.safeParse(input);
    if (!parsed.success)
      throw new ValidationError(
        'Invalid goal',
        parsed.error.issues.map((issue) => ({
          path: `/${issue.path.join('/')}`,
          message: issue.message,
        })),
      );
    const goalId = uuidv7();
    const objective = redactText(parsed.data.objective);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('goals')
        .values({
          goal_id: goalId,
          objective,
          priority: parsed.data.priority,
          status: 'active',
          created_by: actor,
        })
        .execute();
      await jobs.sendPlan(goalId, trx);
    });
    jobs.wake();
    const goal = await this.goal(goalId);
    this.announce(goal, 'created', actor, 'goal.create', requestId, {
      priority: goal.priority,
      objective: objective.slice(0, 200),
    });
    return goal;
  }

  list(query: GoalListQuery & { limit?: number }): Promise<Goal[]> {
    return this.deps.repository.list({ ...query, limit: query.limit ?? 200 });
  }

  async get(goalId: string): Promise<GoalDetail> {
    const detail = await this.deps.repository.detail(goalId);
    if (!detail) throw new NotFoundError(NOT_FOUND);
    return detail;
  }

  /** No new task of the goal starts; running ones finish. */
  pause(goalId: string, actor: string, requestId: string | null = null): Promise<Goal> {
    const reason = `paused by the operator (${actor})`;
    return this.change('pause', goalId, actor, requestId, async (trx) => {
      await setGoalStatus(trx, goalId, 'paused', { reason, by: actor });
      return { reason, detail: {} };
    });
  }

  /** Active again: its ready tasks are queued (and it is planned, if it never was). */
  resume(goalId: string, actor: string, requestId: string | null = null): Promise<Goal> {
    return this.change('resume', goalId, actor, requestId, async (trx, goal) => {
      const planned = await trx
        .selectFrom('goals')
        .select('planned_at')
        .where('goal_id', '=', goalId)
        .executeTakeFirstOrThrow();
      await setGoalStatus(trx, goalId, 'active');
      const ready = await readyTaskIds(trx, goalId);
      await queueTasks(trx, this.deps.jobs, ready, goal.priority);
      if (!planned.planned_at) await this.deps.jobs.sendPlan(goalId, trx);
      return { reason: `resumed by ${actor}`, detail: { queued: ready.length } };
    });
  }

  /** Archived: what has not started is cancelled; a running task finishes. */
  archive(goalId: string, actor: string, requestId: string | null = null): Promise<Goal> {
    return this.change('archive', goalId, actor, requestId, async (trx) => {
      await setGoalStatus(trx, goalId, 'archived');
      const cancelled = await cancelWaiting(trx, goalId);
      return { reason: `archived by ${actor}`, detail: { cancelled } };
    });
  }

  /** Expands the graph of an active or paused goal with one task. */
  async addTask(
    goalId: string,
    input: AddTaskInput,
    actor: string,
    requestId: string | null = null,
  ): Promise<{ task: Task; goal: Goal }> {
    const { db, jobs, repository } = this.deps;
    const taskId = await insertTask(db, jobs, goalId, input, actor);
    jobs.wake();
    const [task, goal] = await Promise.all([repository.task(taskId), this.goal(goalId)]);
    if (!task) throw new NotFoundError('The task is gone');
    this.deps.audit.record({
      action: 'goal.task_add',
      actor,
      target: goalId,
      detail: { task_id: taskId, title: task.title, depends_on: task.depends_on },
      goal_id: goalId,
      request_id: requestId,
    });
    this.deps.events.emit('goal-change', {
      goal_id: goalId,
      status: goal.status,
      reason: `task added: ${task.title}`,
    });
    return { task, goal };
  }

  runs(query: RunQuery) {
    return this.deps.repository.runs(query);
  }

  private async change(
    change: Change,
    goalId: string,
    actor: string,
    requestId: string | null,
    apply: (trx: Trx, goal: LockedGoal) => Promise<{ reason: string; detail: object }>,
  ): Promise<Goal> {
    const { db, jobs } = this.deps;
    const { from, reason, detail } = await db.transaction().execute(async (trx) => {
      const goal = await lockGoal(trx, goalId);
      if (!goal) throw new NotFoundError(NOT_FOUND);
      if (!ALLOWED_FROM[change].includes(goal.status))
        throw new ConflictError(
          'invalid_transition',
          `A goal that is ${goal.status} cannot be ${change === 'pause' ? 'paused' : `${change}d`}`,
          { status: goal.status },
        );
      return { from: goal.status, ...(await apply(trx, goal)) };
    });
    jobs.wake();
    const goal = await this.goal(goalId);
    this.announce(goal, reason, actor, `goal.${change}`, requestId, { from, ...detail });
    return goal;
  }

  private async goal(goalId: string): Promise<Goal> {
    const goal = await this.deps.repository.goal(goalId);
    if (!goal) throw new NotFoundError(NOT_FOUND);
    return goal;
  }

  private announce(
    goal: Goal,
    reason: string,
    actor: string,
    action: string,
    requestId: string | null,
    detail: Record<string, unknown>,
  ): void {
    this.deps.audit.record({
      action,
      actor,
      target: goal.goal_id,
      detail: { ...detail, status: goal.status },
      goal_id: goal.goal_id,
      request_id: requestId,
    });
    this.deps.events.emit('goal-change', { goal_id: goal.goal_id, status: goal.status, reason });
  }
}
