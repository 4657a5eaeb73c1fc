import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import { createGoal, detail, waitFor } from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

/** Expanding a goal's graph through POST /api/goals/{goal_id}/tasks (nothing runs here). */
describe.each(await sqlTestBackends())('adding tasks (%s)', (backend) => {
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
    await t.app.configuration.setFlag('autonomous_goals', false, 'test', null);
  });
  afterAll(() => t.close());

  const add = (goalId: string, payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: `/api/goals/${goalId}/tasks`, payload });
  /** A planned goal (one task, no model) and the id of that first task. */
  const plannedGoal = async (objective: string) => {
    const goalId = await createGoal(client, objective);
    const goal = await waitFor(async () => {
      const found = await detail(client, goalId);
      return found.tasks.length > 0 ? found : undefined;
    }, 'planning');
    return { goalId, first: goal.tasks[0]?.task_id as string };
  };

  it('adds a task that waits for its dependencies (201), audited as goal.task_add', async () => {
    const { goalId, first } = await plannedGoal('Write the guide');
    const response = await add(goalId, {
      title: 'Proofread',
      instruction: 'Proofread the guide',
      depends_on: [first, first],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      ok: true,
      task: { title: 'Proofread', status: 'pending', depends_on: [first], position: 2 },
      goal: { goal_id: goalId, tasks_total: 2, tasks_done: 0 },
    });
    const goal = await detail(client, goalId);
    expect(goal.dependencies).toEqual([{ task_id: body.task.task_id, depends_on: first }]);
    const independent = (
      await add(goalId, { title: 'Index', instruction: 'Build an index' })
    ).json();
    expect(independent.task.status).toBe('ready');
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({
      limit: 5,
      action: 'goal.task_add',
      goal_id: goalId,
    });
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      actor: 'admin',
      target: goalId,
      detail: { task_id: body.task.task_id, depends_on: [first] },
    });
  });

  it('makes ready tasks named as dependents wait for the new task', async () => {
    const { goalId, first } = await plannedGoal('Ship the release');
    const response = await add(goalId, {
      title: 'Check the changelog',
      instruction: 'Check the changelog first',
      dependents: [first],
    });
    expect(response.statusCode).toBe(201);
    const goal = await detail(client, goalId);
    const added = response.json().task.task_id;
    expect(goal.tasks.find((task) => task.task_id === first)).toMatchObject({
      status: 'pending',
      depends_on: [added],
    });
    expect(goal.tasks.find((task) => task.task_id === added)?.status).toBe('ready');
  });

  it('refuses a cycle with 400 validation_error and writes nothing', async () => {
    const { goalId, first } = await plannedGoal('Plan the trip');
    const second = (await add(goalId, { title: 'B', instruction: 'b', depends_on: [first] })).json()
      .task.task_id;
    const response = await add(goalId, {
      title: 'C',
      instruction: 'c',
      depends_on: [second],
      dependents: [first],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/depends_on', message: expect.stringMatching(/^cycle: /) }],
    });
    expect((await detail(client, goalId)).tasks).toHaveLength(2);
    const self = await add(goalId, {
      title: 'D',
      instruction: 'd',
      depends_on: [first],
      dependents: [first],
    });
    expect(self.statusCode).toBe(400);
  });

  it('refuses dependencies that are not tasks of the same goal', async () => {
    const { goalId } = await plannedGoal('Goal one');
    const other = await plannedGoal('Goal two');
    for (const payload of [
      { depends_on: [other.first] },
      { depends_on: ['no-such-task'] },
      { dependents: [other.first] },
    ]) {
      const response = await add(goalId, { title: 'x', instruction: 'y', ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'validation_error',
        details: [{ message: expect.stringMatching(/^no task .* in this goal$/) }],
      });
    }
    const missingFields = await add(goalId, { title: '', instruction: 'y' });
    expect(missingFields.json()).toMatchObject({
      error: 'validation_error',
      details: [expect.objectContaining({ path: '/title' })],
    });
  });

  it('refuses tasks for an archived goal with 409 invalid_transition', async () => {
    const { goalId } = await plannedGoal('Old goal');
    await client.inject({ method: 'POST', url: `/api/goals/${goalId}/archive` });
    const response = await add(goalId, { title: 'late', instruction: 'too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'invalid_transition' });
  });

  it('accepts tasks for a paused goal without queueing them', async () => {
    const { goalId } = await plannedGoal('Paused goal');
    await client.inject({ method: 'POST', url: `/api/goals/${goalId}/pause` });
    const response = await add(goalId, { title: 'later', instruction: 'do it later' });
    expect(response.statusCode).toBe(201);
    expect(response.json().goal.status).toBe('paused');
  });
});
