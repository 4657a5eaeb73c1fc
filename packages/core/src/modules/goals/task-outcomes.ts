import type { RuntimeEventMap } from '../events/runtime-events.js';
import type { GoalJobs } from './goal-jobs.js';
import { retryDelayMs } from './goals-timing.js';
import type { Claim } from './task-claim.js';
import {
  cancelWaiting,
  completeIfDone,
  type Db,
  lockGoal,
  msSince,
  now,
  nowPlus,
  queueTasks,
  releaseReady,
  setGoalStatus,
  type Trx,
} from './task-lifecycle.js';

/** What a finished attempt changed, for the live events the caller emits after the commit. */
export interface Outcome {
  taskFinish: RuntimeEventMap['task-finish'];
  goalChange: RuntimeEventMap['goal-change'] | null;
  /** Jobs were queued: wake the local workers. */
  queued: boolean;
}

export interface AttemptFacts {
  requestId: string | null;
  tokens: number;
}

/** Ends the run row of an attempt; returns its duration. */
async function endRun(
  trx: Trx,
  runId: string,
  status: string,
  facts: AttemptFacts & { error: string | null },
): Promise<number> {
  const row = await trx
    .updateTable('goal_task_runs')
    .set({
      status,
      finished_at: now,
      duration_ms: msSince('started_at'),
      request_id: facts.requestId,
      tokens: facts.tokens,
      error: facts.error,
    })
    .where('run_id', '=', runId)
    .returning('duration_ms')
    .executeTakeFirst();
  return row?.duration_ms ?? 0;
}

/**
 * Records a successful attempt: the task is done, the tasks waiting only for it become ready
 * (and are queued while the goal is active), and a goal with every task done is completed.
 * Null when the lease was no longer ours (the sweep took the task back): nothing is written.
 */
export async function recordSuccess(
  db: Db,
  jobs: GoalJobs,
  claim: Claim,
  result: AttemptFacts & { text: string; taintedBy: string[] },
): Promise<Outcome | null> {
  return db.transaction().execute(async (trx) => {
    const goal = await lockGoal(trx, claim.goal_id);
    if (!goal) return null;
    const updated = await trx
      .updateTable('goal_tasks')
      .set({
        status: 'done',
        result: result.text,
        tainted_by: result.taintedBy.length > 0 ? JSON.stringify(result.taintedBy) : null,
        error: null,
        request_id: result.requestId,
        lease_owner: null,
        lease_until: null,
        finished_at: now,
        updated_at: now,
      })
      .where('task_id', '=', claim.task_id)
      .where('status', '=', 'running')
      .where('run_id', '=', claim.run_id)
      .where('lease_owner', '=', claim.owner)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    const duration = await endRun(trx, claim.run_id, 'done', { ...result, error: null });
    // Its progress changed.
    await trx
      .updateTable('goals')
      .set({ updated_at: now })
      .where('goal_id', '=', goal.goal_id)
      .execute();
    const released = await releaseReady(trx, goal.goal_id);
    const queue = goal.status === 'active' && released.length > 0;
    if (queue) await queueTasks(trx, jobs, released, goal.priority);
    const completed = await completeIfDone(trx, goal);
    return {
      taskFinish: {
        goal_id: goal.goal_id,
        task_id: claim.task_id,
        status: 'done',
        duration_ms: duration,
        error: null,
      },
      goalChange: completed
        ? { goal_id: goal.goal_id, status: 'completed', reason: 'every task is done' }
        : null,
      queued: queue,
    };
  });
}

export interface FailedAttempt extends AttemptFacts {
  /** failed: the attempt ended in an error; lost: its worker stopped without finishing. */
  status: 'failed' | 'lost';
  error: string;
}

/**
 * Records a failed (or lost) attempt. Below task_max_attempts failures the task is ready again
 * after a backoff; at the limit it fails, and so does its goal, whose waiting tasks are cancelled.
 * In a goal that is no longer active or paused the task fails at once: nothing would retry it.
 * A lost attempt is recorded only while its lease is still expired under the goal's lock, so a
 * worker that was merely slow and has just finished keeps its result.
 */
export async function recordFailure(
  db: Db,
  jobs: GoalJobs,
  attempt: { task_id: string; goal_id: string; run_id: string; owner: string | null },
  failure: FailedAttempt,
  maxAttempts: number,
): Promise<Outcome | null> {
  return db.transaction().execute(async (trx) => {
    const goal = await lockGoal(trx, attempt.goal_id);
    if (!goal) return null;
    let update = trx
      .updateTable('goal_tasks')
      .set((eb) => ({
        failures: eb('failures', '+', 1),
        error: failure.error,
        lease_owner: null,
        lease_until: null,
        updated_at: now,
      }))
      .where('task_id', '=', attempt.task_id)
      .where('status', '=', 'running')
      .where('run_id', '=', attempt.run_id);
    update =
      attempt.owner === null
        ? update.where('lease_until', '<', now)
        : update.where('lease_owner', '=', attempt.owner);
    const task = await update.returning(['failures', 'title']).executeTakeFirst();
    if (!task) return null;
    const duration = await endRun(trx, attempt.run_id, failure.status, failure);
    const finish = {
      goal_id: goal.goal_id,
      task_id: attempt.task_id,
      status: failure.status,
      duration_ms: duration,
      error: failure.error,
    };
    const live = goal.status === 'active' || goal.status === 'paused';
    if (!live) {
      // The goal is archived (or already failed): nothing retries the task, so it ends failed.
      await trx
        .updateTable('goal_tasks')
        .set({ status: 'failed', finished_at: now })
        .where('task_id', '=', attempt.task_id)
        .execute();
      return { taskFinish: finish, goalChange: null, queued: false };
    }
    if (task.failures < maxAttempts) {
      const delayMs = retryDelayMs(task.failures);
      await trx
        .updateTable('goal_tasks')
        .set({ status: 'ready', available_at: nowPlus(delayMs) })
        .where('task_id', '=', attempt.task_id)
        .execute();
      const queue = goal.status === 'active';
      if (queue)
        await jobs.sendTask(
          { task_id: attempt.task_id, priority: goal.priority },
          { trx, delayMs },
        );
      return { taskFinish: finish, goalChange: null, queued: false };
    }
    await trx
      .updateTable('goal_tasks')
      .set({ status: 'failed', finished_at: now })
      .where('task_id', '=', attempt.task_id)
      .execute();
    await setGoalStatus(trx, goal.goal_id, 'failed');
    await cancelWaiting(trx, goal.goal_id);
    const reason = `task "${task.title}" failed after ${task.failures} attempts: ${failure.error}`;
    return {
      taskFinish: finish,
      goalChange: { goal_id: goal.goal_id, status: 'failed', reason: reason.slice(0, 500) },
      queued: false,
    };
  });
}

/**
 * Hands an attempt cut short by a shutdown back: the run is `interrupted`, the task ready again
 * at once (cancelled if its goal was archived meanwhile), and it does not count against
 * task_max_attempts.
 */
export async function recordInterrupted(
  db: Db,
  jobs: GoalJobs,
  claim: Claim,
  facts: AttemptFacts,
): Promise<Outcome | null> {
  return db.transaction().execute(async (trx) => {
    const goal = await lockGoal(trx, claim.goal_id);
    if (!goal) return null;
    const live = goal.status === 'active' || goal.status === 'paused';
    const updated = await trx
      .updateTable('goal_tasks')
      .set({
        status: live ? 'ready' : 'cancelled',
        lease_owner: null,
        lease_until: null,
        available_at: now,
        ...(live ? {} : { finished_at: now }),
      })
      .where('task_id', '=', claim.task_id)
      .where('status', '=', 'running')
      .where('run_id', '=', claim.run_id)
      .where('lease_owner', '=', claim.owner)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    const error = 'interrupted: the runtime shut down; the task runs again';
    const duration = await endRun(trx, claim.run_id, 'interrupted', { ...facts, error });
    if (goal.status === 'active')
      await jobs.sendTask({ task_id: claim.task_id, priority: goal.priority }, { trx });
    return {
      taskFinish: {
        goal_id: goal.goal_id,
        task_id: claim.task_id,
        status: 'interrupted',
        duration_ms: duration,
        error,
      },
      goalChange: null,
      queued: false,
    };
  });
}
