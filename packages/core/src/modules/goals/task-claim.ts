import { sql } from 'kysely';
import { uuidv7 } from '../../util/uuid-v7.js';
import { goalsTiming } from './goals-timing.js';
import { judge, type ResourceGovernor } from './governor.js';
import { type Db, lockClaims, lockGoal, now, nowPlus, setGoalStatus } from './task-lifecycle.js';

/** A task this process holds the lease of, with what running it needs. */
export interface Claim {
  run_id: string;
  task_id: string;
  goal_id: string;
  attempt: number;
  owner: string;
  title: string;
  instruction: string;
  position: number;
  tasks_total: number;
  objective: string;
  priority: number;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  /** Not now: ask again after a while (the Governor, or a retry's backoff). */
  | { kind: 'wait'; reason: string; delayMs?: number; priority?: number }
  /** Nothing to do for this job: the task is not ready or its goal is not active. */
  | { kind: 'skip'; reason: string }
  /** The Governor paused the goal (a token budget). */
  | { kind: 'paused'; goal_id: string; reason: string };

export const leaseUntil = () => nowPlus(goalsTiming.leaseMs);

/**
 * Takes a ready task for this process, atomically: the Governor's global gate first (no
 * transaction needed), then, under the claim lock and the goal's row lock, its counts and
 * budgets and the conditional update that makes the task running with our lease.
 */
export async function claimTask(
  db: Db,
  governor: ResourceGovernor,
  taskId: string,
  owner: string,
): Promise<ClaimOutcome> {
  const gate = await governor.gate();
  if (gate) return { kind: 'wait', reason: gate };
  const limits = await governor.limits();
  return db.transaction().execute(async (trx): Promise<ClaimOutcome> => {
    await lockClaims(trx);
    const known = await trx
      .selectFrom('goal_tasks')
      .select('goal_id')
      .where('task_id', '=', taskId)
      .executeTakeFirst();
    if (!known) return { kind: 'skip', reason: 'no such task' };
    const goal = await lockGoal(trx, known.goal_id);
    if (goal?.status !== 'active')
      return { kind: 'skip', reason: `goal is ${goal?.status ?? 'gone'}` };
    const task = await trx
      .selectFrom('goal_tasks')
      .select([
        'status',
        'attempts',
        'title',
        'instruction',
        'position',
        sql<number>`greatest(0, extract(epoch from (available_at - clock_timestamp())) * 1000)::int`.as(
          'wait_ms',
        ),
      ])
      .where('task_id', '=', taskId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (task.status !== 'ready') return { kind: 'skip', reason: `task is ${task.status}` };
    if (task.wait_ms > 0)
      return {
        kind: 'wait',
        reason: 'waiting to retry',
        delayMs: task.wait_ms,
        priority: goal.priority,
      };

    const verdict = judge(await governor.usage(trx, goal.goal_id), limits);
    if (verdict.kind === 'pause') {
      await setGoalStatus(trx, goal.goal_id, 'paused', { reason: verdict.reason, by: 'governor' });
      return { kind: 'paused', goal_id: goal.goal_id, reason: verdict.reason };
    }
    if (verdict.kind === 'wait')
      return { kind: 'wait', reason: verdict.reason, priority: goal.priority };

    const runId = uuidv7();
    const attempt = task.attempts + 1;
    await trx
      .updateTable('goal_tasks')
      .set({
        status: 'running',
        attempts: attempt,
        lease_owner: owner,
        lease_until: leaseUntil(),
        run_id: runId,
        updated_at: now,
      })
      .where('task_id', '=', taskId)
      .execute();
    await trx
      .insertInto('goal_task_runs')
      .values({
        run_id: runId,
        task_id: taskId,
        goal_id: goal.goal_id,
        attempt,
        status: 'running',
        worker: owner,
      })
      .execute();
    const total = await trx
      .selectFrom('goal_tasks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('goal_id', '=', goal.goal_id)
      .executeTakeFirstOrThrow();
    return {
      kind: 'claimed',
      claim: {
        run_id: runId,
        task_id: taskId,
        goal_id: goal.goal_id,
        attempt,
        owner,
        title: task.title,
        instruction: task.instruction,
        position: task.position,
        tasks_total: total.n,
        objective: goal.objective,
        priority: goal.priority,
      },
    };
  });
}

/** Extends the lease while the task runs; false when it is no longer ours (reclaimed, or gone). */
export async function extendLease(db: Db, claim: Claim): Promise<boolean> {
  const result = await db
    .updateTable('goal_tasks')
    .set({ lease_until: leaseUntil() })
    .where('task_id', '=', claim.task_id)
    .where('status', '=', 'running')
    .where('run_id', '=', claim.run_id)
    .where('lease_owner', '=', claim.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
