import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../store/database.js';
import type { GoalJobs } from './goal-jobs.js';
import type { GoalStatus } from './goals.schema.js';
import './goals.tables.js';

export type Trx = Transaction<Database>;
export type Db = Kysely<Database>;

export const now = sql<Date>`clock_timestamp()`;
export const nowPlus = (ms: number) =>
  sql<Date>`clock_timestamp() + ${ms} * interval '1 millisecond'`;

/** Milliseconds from a timestamp column to now, as the run log records them. */
export const msSince = (column: string) =>
  sql<number>`greatest(0, (extract(epoch from (clock_timestamp() - ${sql.ref(column)})) * 1000))::int`;

/**
 * Serialises claims and graph edits across replicas: the Governor's counts are only true while
 * no other claim is between its check and its update. Per schema, so isolated test schemas on
 * one database do not wait for each other. Always taken before any goal row lock.
 */
export async function lockClaims(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':goal-claims'))`.execute(
    trx,
  );
}

export interface LockedGoal {
  goal_id: string;
  status: GoalStatus;
  priority: number;
  objective: string;
}

/**
 * Locks the goal row: every transaction that changes a goal or its tasks takes it first (after
 * lockClaims, where both are needed), so two changes to one goal never interleave or deadlock.
 */
export async function lockGoal(trx: Trx, goalId: string): Promise<LockedGoal | null> {
  const row = await trx
    .selectFrom('goals')
    .select(['goal_id', 'status', 'priority', 'objective'])
    .where('goal_id', '=', goalId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { ...row, status: row.status as GoalStatus } : null;
}

export async function setGoalStatus(
  trx: Trx,
  goalId: string,
  status: GoalStatus,
  pause?: { reason: string; by: string },
): Promise<void> {
  const terminal = status === 'completed' || status === 'failed' || status === 'archived';
  await trx
    .updateTable('goals')
    .set({
      status,
      pause_reason: pause?.reason ?? null,
      paused_by: pause?.by ?? null,
      updated_at: now,
      ...(terminal ? { finished_at: now } : {}),
    })
    .where('goal_id', '=', goalId)
    .execute();
}

/** Pending tasks whose dependencies are all done become ready; returns their ids. */
export async function releaseReady(trx: Trx, goalId: string): Promise<string[]> {
  const rows = await trx
    .updateTable('goal_tasks as t')
    .set({ status: 'ready', available_at: now, updated_at: now })
    .where('t.goal_id', '=', goalId)
    .where('t.status', '=', 'pending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('goal_task_dependencies as d')
            .innerJoin('goal_tasks as p', 'p.task_id', 'd.depends_on')
            .select('d.task_id')
            .whereRef('d.task_id', '=', 't.task_id')
            .where('p.status', '<>', 'done'),
        ),
      ),
    )
    .returning('t.task_id')
    .execute();
  return rows.map((row) => row.task_id);
}

/** Queues a job for each ready task of an active goal, in the caller's transaction. */
export async function queueTasks(
  trx: Trx,
  jobs: GoalJobs,
  taskIds: string[],
  priority: number,
): Promise<void> {
  for (const taskId of taskIds) await jobs.sendTask({ task_id: taskId, priority }, { trx });
}

/** Ready tasks of a goal (resume, and the sweep's safety net). */
export async function readyTaskIds(db: Db | Trx, goalId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('goal_tasks')
    .select('task_id')
    .where('goal_id', '=', goalId)
    .where('status', '=', 'ready')
    .orderBy('position')
    .execute();
  return rows.map((row) => row.task_id);
}

/** Completes a live goal whose tasks are all done; true when it did. */
export async function completeIfDone(trx: Trx, goal: LockedGoal): Promise<boolean> {
  if (goal.status !== 'active' && goal.status !== 'paused') return false;
  const counts = await trx
    .selectFrom('goal_tasks')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where status = 'done')::int`.as('done'),
    ])
    .where('goal_id', '=', goal.goal_id)
    .executeTakeFirstOrThrow();
  if (counts.total === 0 || counts.done < counts.total) return false;
  await setGoalStatus(trx, goal.goal_id, 'completed');
  return true;
}

/** Cancels every task of the goal that has not started; returns how many. */
export async function cancelWaiting(trx: Trx, goalId: string): Promise<number> {
  const result = await trx
    .updateTable('goal_tasks')
    .set({ status: 'cancelled', finished_at: now, updated_at: now })
    .where('goal_id', '=', goalId)
    .where('status', 'in', ['pending', 'ready'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
