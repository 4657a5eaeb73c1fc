import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { GoalJobs } from './goal-jobs.js';
import { type AddTaskInput, addTaskBody } from './goals.schema.js';
import { findCycle, type GraphEdge } from './task-graph.js';
import { type Db, lockClaims, lockGoal, now, queueTasks } from './task-lifecycle.js';

const NEW_TASK = '(new task)';

function parse(input: AddTaskInput) {
  const parsed = addTaskBody.safeParse(input);
  if (!parsed.success)
    throw new ValidationError(
      'Invalid task',
      parsed.error.issues.map((issue) => ({
        path: `/${issue.path.join('/')}`,
        message: issue.message,
      })),
    );
  return {
    ...parsed.data,
    depends_on: [...new Set(parsed.data.depends_on)],
    dependents: [...new Set(parsed.data.dependents)],
  };
}

/**
 * Adds a task to a live goal's graph in one transaction: every id must be a task of the goal,
 * tasks made to wait for the new one must not have started, and the graph must stay acyclic.
 * Runs under the claim lock, because a ready dependent turns pending and must not be claimed
 * in between. Returns the new task's id.
 */
export async function insertTask(
  db: Db,
  jobs: GoalJobs,
  goalId: string,
  input: AddTaskInput,
  actor: string,
): Promise<string> {
  const task = parse(input);
  return db.transaction().execute(async (trx) => {
    await lockClaims(trx);
    const goal = await lockGoal(trx, goalId);
    if (!goal) throw new NotFoundError('No goal with that id');
    if (goal.status !== 'active' && goal.status !== 'paused')
      throw new ConflictError(
        'invalid_transition',
        `A goal that is ${goal.status} takes no new tasks`,
        { status: goal.status },
      );
    const [tasks, existingEdges] = await Promise.all([
      trx
        .selectFrom('goal_tasks')
        .select(['task_id', 'status'])
        .where('goal_id', '=', goalId)
        .execute(),
      trx
        .selectFrom('goal_task_dependencies')
        .select(['task_id', 'depends_on'])
        .where('goal_id', '=', goalId)
        .execute(),
    ]);
    const status = new Map(tasks.map((row) => [row.task_id, row.status]));
    const unknown = [
      ...task.depends_on.map((id, i) => ({ id, path: `/depends_on/${i}` })),
      ...task.dependents.map((id, i) => ({ id, path: `/dependents/${i}` })),
    ].filter((ref) => !status.has(ref.id));
    if (unknown.length > 0)
      throw new ValidationError(
        'Dependencies must be tasks of the same goal',
        unknown.map((ref) => ({ path: ref.path, message: `no task ${ref.id} in this goal` })),
      );
    const started = task.dependents.filter(
      (id) => !['pending', 'ready'].includes(status.get(id) ?? ''),
    );
    if (started.length > 0)
      throw new ConflictError(
        'invalid_transition',
        `Task ${started[0]} is ${status.get(started[0] as string)} and can no longer wait for a new task`,
        { task_id: started[0] },
      );

    const taskId = uuidv7();
    const edges: GraphEdge[] = [
      ...existingEdges.map((edge) => ({ task: edge.task_id, dependsOn: edge.depends_on })),
      ...task.depends_on.map((id) => ({ task: taskId, dependsOn: id })),
      ...task.dependents.map((id) => ({ task: id, dependsOn: taskId })),
    ];
    const cycle = findCycle([taskId, ...status.keys()], edges);
    if (cycle)
      throw new ValidationError('The dependencies would make a cycle', [
        {
          path: '/depends_on',
          message: `cycle: ${cycle.map((id) => (id === taskId ? NEW_TASK : id)).join(' -> ')}`,
        },
      ]);

    const ready = task.depends_on.every((id) => status.get(id) === 'done');
    const last = await trx
      .selectFrom('goal_tasks')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('goal_id', '=', goalId)
      .executeTakeFirst();
    await trx
      .insertInto('goal_tasks')
      .values({
        task_id: taskId,
        goal_id: goalId,
        position: Number(last?.position ?? 0) + 1,
        title: redactText(task.title),
        instruction: redactText(task.instruction),
        status: ready ? 'ready' : 'pending',
        created_by: actor,
      })
      .execute();
    const newEdges = [
      ...task.depends_on.map((id) => ({ task_id: taskId, depends_on: id, goal_id: goalId })),
      ...task.dependents.map((id) => ({ task_id: id, depends_on: taskId, goal_id: goalId })),
    ];
    if (newEdges.length > 0)
      await trx.insertInto('goal_task_dependencies').values(newEdges).execute();
    if (task.dependents.length > 0)
      await trx
        .updateTable('goal_tasks')
        .set({ status: 'pending', updated_at: now })
        .where('task_id', 'in', task.dependents)
        .where('status', '=', 'ready')
        .execute();
    if (ready && goal.status === 'active') await queueTasks(trx, jobs, [taskId], goal.priority);
    return taskId;
  });
}
