import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import {
  createGoal,
  detail,
  isPlanning,
  MODEL_KEY,
  modelEnv,
  planJson,
  script,
  waitForStatus,
} from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

/** Planning a new goal by the fake model, and the one-task fallback. */
describe.each(await sqlTestBackends())('goal planning (%s)', (backend) => {
  let model: FakeModelServer;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    t = await createTestApp({
      sql: backend,
      env: modelEnv(model),
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it.each([
    [
      planJson([
        { key: 'a', title: 'A', depends_on: ['b'] },
        { key: 'b', title: 'B', depends_on: ['a'] },
      ]),
      /cycle: a -> b -> a|cycle: b -> a -> b/,
    ],
    [planJson([{ key: 'a', title: 'A', depends_on: ['zz'] }]), /unknown key zz/],
    ['{"tasks": []}', /no tasks/],
    ['this is not json', /planning failed/],
  ])('falls back to one task when the plan is unusable (%s)', async (plan, note) => {
    script(model, { plan, task: () => ({ text: 'did the whole thing' }) });
    const goalId = await createGoal(client, 'Handle a bad plan');
    const goal = await waitForStatus(client, goalId, 'completed');
    expect(goal.planning.source).toBe('single_task');
    expect(goal.planning.note).toMatch(note);
    expect(goal.tasks).toHaveLength(1);
    expect(goal.tasks[0]).toMatchObject({
      instruction: 'Handle a bad plan',
      result: 'did the whole thing',
    });
  });

  it('asks the model for a structured plan of the objective, and skips it when model_planning is off', async () => {
    script(model, { plan: planJson([{ key: 'p', title: 'Only step' }]) });
    const before = model.requests.length;
    const goalId = await createGoal(client, 'Plan this objective please');
    await waitForStatus(client, goalId, 'completed');
    const planning = model.requests.slice(before).find(isPlanning);
    expect(planning?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'goal_plan' },
    });
    expect(JSON.stringify(planning?.body.messages)).toContain('Plan this objective please');

    await t.app.configuration.setFlag('model_planning', false, 'test', null);
    try {
      const offBefore = model.requests.length;
      const unplanned = await createGoal(client, 'No planning for me');
      const goal = await waitForStatus(client, unplanned, 'completed');
      expect(goal.planning).toEqual({
        status: 'done',
        source: 'single_task',
        note: 'model_planning is off',
      });
      expect(model.requests.slice(offBefore).some(isPlanning)).toBe(false);
    } finally {
      await t.app.configuration.setFlag('model_planning', true, 'test', null);
    }
  });

  it('completes a one-task goal that the fast path answers', async () => {
    await t.app.configuration.setFlag('model_planning', false, 'test', null);
    try {
      const completions = () =>
        model.requests.filter((request) => request.path.endsWith('/chat/completions')).length;
      const before = completions();
      const goalId = await createGoal(client, 'what is 17 * 3');
      const goal = await waitForStatus(client, goalId, 'completed');
      expect(goal.tasks[0]?.result).toContain('51');
      expect((await detail(client, goalId)).progress).toBe(100);
      expect(completions()).toBe(before);
    } finally {
      await t.app.configuration.setFlag('model_planning', true, 'test', null);
    }
  });
});
