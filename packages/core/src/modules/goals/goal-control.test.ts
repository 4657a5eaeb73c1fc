import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { GoalDetail } from './goals.schema.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import {
  createGoal,
  detail,
  MODEL_KEY,
  modelEnv,
  planJson,
  runs,
  script,
  taskIds,
  waitFor,
  waitForStatus,
} from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

const TWO_STEPS = planJson([
  { key: 'a', title: 'First' },
  { key: 'b', title: 'Second', depends_on: ['a'] },
]);

/** The operator's pause, resume and archive while tasks run, and a restart mid-task. */
describe.each(await sqlTestBackends())('controlling running goals (%s)', (backend) => {
  let model: FakeModelServer;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    t = await createTestApp({ sql: backend, env: modelEnv(model) });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const post = (url: string) => client.inject({ method: 'POST', url });
  const statuses = (goal: GoalDetail) => {
    const id = taskIds(goal);
    const of = (key: string) => goal.tasks.find((task) => task.task_id === id[key])?.status;
    return { a: of('a'), b: of('b') };
  };
  /** The goal once task a is running. */
  const whileFirstRuns = (goalId: string) =>
    waitFor(async () => {
      const goal = await detail(client, goalId);
      return statuses(goal).a === 'running' ? goal : undefined;
    }, 'task a to run');

  it('pause lets the running task finish and starts nothing new; resume continues', async () => {
    script(model, {
      plan: TWO_STEPS,
      task: (key) => ({ text: `R-${key}`, firstChunkDelayMs: key === 'a' ? 800 : 0 }),
    });
    const goalId = await createGoal(client, 'Pause in the middle');
    expect(statuses(await whileFirstRuns(goalId))).toEqual({ a: 'running', b: 'pending' });
    const runningHere = () => t.app.pressure.activeWork().goal_tasks;
    await expect.poll(runningHere).toBe(1);
    expect((await post(`/api/goals/${goalId}/pause`)).json().goal.status).toBe('paused');
    const paused = await waitFor(async () => {
      const goal = await detail(client, goalId);
      return statuses(goal).a === 'done' ? goal : undefined;
    }, 'task a to finish');
    expect(paused.status).toBe('paused');
    expect(statuses(paused).b).toBe('ready');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await runs(client, goalId)).toHaveLength(1);
    expect(runningHere()).toBe(0);

    expect((await post(`/api/goals/${goalId}/resume`)).json().goal.status).toBe('active');
    const done = await waitForStatus(client, goalId, 'completed');
    expect(statuses(done)).toEqual({ a: 'done', b: 'done' });
    expect((await runs(client, goalId)).map((run) => run.status)).toEqual(['done', 'done']);
  });

  it('archive cancels what has not started; the running task finishes and nothing follows', async () => {
    script(model, {
      plan: TWO_STEPS,
      task: (key) => ({ text: `R-${key}`, firstChunkDelayMs: key === 'a' ? 800 : 0 }),
    });
    const goalId = await createGoal(client, 'Archive in the middle');
    await whileFirstRuns(goalId);
    expect((await post(`/api/goals/${goalId}/archive`)).json().goal.status).toBe('archived');
    expect(statuses(await detail(client, goalId))).toEqual({ a: 'running', b: 'cancelled' });
    const after = await waitFor(async () => {
      const goal = await detail(client, goalId);
      return statuses(goal).a === 'done' ? goal : undefined;
    }, 'task a to finish');
    expect(after.status).toBe('archived');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await detail(client, goalId)).status).toBe('archived');
    expect(await runs(client, goalId)).toHaveLength(1);
  });

  it('hands a task back on shutdown and runs it again after the restart', async () => {
    script(model, {
      plan: TWO_STEPS,
      task: (key) => ({ text: `R-${key}`, firstChunkDelayMs: 2_000 }),
    });
    const goalId = await createGoal(client, 'Survive a restart');
    await whileFirstRuns(goalId);
    t = await t.restart();
    client = await t.login();
    const goal = await waitForStatus(client, goalId, 'completed');
    const log = await runs(client, goalId);
    const first = taskIds(goal).a;
    expect(
      log.filter((run) => run.task_id === first).map((run) => [run.attempt, run.status]),
    ).toEqual([
      [1, 'interrupted'],
      [2, 'done'],
    ]);
    expect(log[0]?.error).toMatch(/^interrupted/);
  });
});
