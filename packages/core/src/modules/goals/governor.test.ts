import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../store/queues.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeParameter } from '../configuration/runtime-parameters.js';
import type { ExecutionState } from './execution-state.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import {
  createGoal,
  detail,
  isPlanning,
  MODEL_KEY,
  modelEnv,
  overlaps,
  planJson,
  runs,
  script,
  taskKey,
  waitFor,
  waitForStatus,
} from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

const parallel = (keys: string[]) => planJson(keys.map((key) => ({ key, title: `Step ${key}` })));

/** The Resource Governor against real workers, limits changed live as an operator would. */
describe.each(await sqlTestBackends())('Resource Governor (%s)', (backend) => {
  let model: FakeModelServer;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    t = await createTestApp({
      sql: backend,
      env: { ...modelEnv(model), MAX_CONCURRENT_TASKS: '1' },
    });
    client = await t.login();
  });
  afterEach(async () => {
    for (const name of [
      'max_concurrent_tasks',
      'max_concurrent_goals',
      'goal_token_budget',
      'daily_token_budget',
    ] as RuntimeParameter[])
      await t.app.configuration.setParameter(name, null, 'test', null);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const setParameter = (name: RuntimeParameter, value: number) =>
    t.app.configuration.setParameter(name, value, 'test', null);
  const state = async () =>
    (await client.inject({ method: 'GET', url: '/api/state' })).json() as ExecutionState;
  const slow = (ms: number) => () => ({
    text: 'ok',
    usage: { input: 10, output: 10 },
    firstChunkDelayMs: ms,
  });

  it('never runs two tasks at once with max_concurrent_tasks 1, across goals', async () => {
    script(model, { plan: parallel(['a', 'b', 'c']), task: slow(250) });
    const goals = [await createGoal(client, 'First'), await createGoal(client, 'Second')];
    const running = await waitFor(async () => {
      const now = await state();
      return now.running.length > 0 ? now : undefined;
    }, 'a running task');
    expect(running.running[0]).toMatchObject({
      attempt: 1,
      lease_owner: expect.stringMatching(/^.+:\d+:[0-9a-f]{6}$/),
    });
    expect(running.governor.limits.max_concurrent_tasks).toBe(1);
    for (const goalId of goals) await waitForStatus(client, goalId, 'completed');
    const all = [
      ...(await runs(client, goals[0] as string)),
      ...(await runs(client, goals[1] as string)),
    ];
    expect(all).toHaveLength(6);
    expect(overlaps(all)).toBe(false);

    // The same work overlaps once the limit is raised: the limit is what kept them apart.
    await setParameter('max_concurrent_tasks', 3);
    script(model, { plan: parallel(['a', 'b', 'c']), task: slow(800) });
    const wide = await createGoal(client, 'Third');
    await waitForStatus(client, wide, 'completed');
    expect(overlaps(await runs(client, wide))).toBe(true);
  });

  it('keeps other goals waiting while max_concurrent_goals are running', async () => {
    await setParameter('max_concurrent_tasks', 4);
    await setParameter('max_concurrent_goals', 1);
    script(model, { plan: parallel(['a', 'b']), task: slow(500) });
    const first = await createGoal(client, 'Goal one');
    const second = await createGoal(client, 'Goal two');
    await waitForStatus(client, first, 'completed');
    await waitForStatus(client, second, 'completed');
    const [one, two] = [await runs(client, first), await runs(client, second)];
    const span = (list: typeof one) => ({
      start: Math.min(...list.map((run) => Date.parse(run.started_at))),
      end: Math.max(...list.map((run) => Date.parse(run.finished_at ?? ''))),
    });
    const [a, b] = [span(one), span(two)];
    expect(a.end <= b.start || b.end <= a.start).toBe(true);
  });

  it('pauses a goal that crossed its token budget, with the reason, and audits it as governor', async () => {
    await setParameter('goal_token_budget', 1_000);
    script(model, {
      plan: planJson([
        { key: 'a', title: 'Expensive' },
        { key: 'b', title: 'Next', depends_on: ['a'] },
      ]),
      planUsage: { input: 5, output: 5 },
      task: () => ({ text: 'spent a lot', usage: { input: 900, output: 300 } }),
    });
    const before = model.requests.length;
    const goalId = await createGoal(client, 'Spend too much');
    const goal = await waitForStatus(client, goalId, 'paused');
    expect(goal).toMatchObject({
      pause_reason: 'token budget exceeded: 1,210 of 1,000 tokens',
      paused_by: 'governor',
      tokens: 1_210,
    });
    expect(goal.tasks.map((task) => task.status)).toEqual(['done', 'ready']);
    expect(
      model.requests.slice(before).filter((r) => !isPlanning(r) && taskKey(r) === 'b'),
    ).toHaveLength(0);
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'goal.pause', goal_id: goalId });
    expect(entries[0]).toMatchObject({
      actor: 'governor',
      detail: { reason: 'token budget exceeded: 1,210 of 1,000 tokens' },
    });
    const listed = (await client.inject({ method: 'GET', url: '/api/goals?status=paused' })).json();
    expect(listed.goals.find((g: { goal_id: string }) => g.goal_id === goalId).pause_reason).toBe(
      'token budget exceeded: 1,210 of 1,000 tokens',
    );
    expect((await state()).governor.waiting).toContain(
      `goal ${goalId} is paused: token budget exceeded: 1,210 of 1,000 tokens`,
    );

    // Resumed while still over budget, it is paused again; with a larger budget it finishes.
    await client.inject({ method: 'POST', url: `/api/goals/${goalId}/resume` });
    await waitForStatus(client, goalId, 'paused');
    await setParameter('goal_token_budget', 100_000);
    await client.inject({ method: 'POST', url: `/api/goals/${goalId}/resume` });
    await waitForStatus(client, goalId, 'completed');
  });

  it('pauses new goal work once the daily token budget is spent', async () => {
    // Room for the first task only, whatever earlier tests spent today.
    const spent = (await state()).governor.usage.tokens_today;
    const budget = Math.max(1_000, spent + 1_000);
    await setParameter('daily_token_budget', budget);
    script(model, {
      plan: planJson([
        { key: 'a', title: 'Costly' },
        { key: 'b', title: 'Later', depends_on: ['a'] },
      ]),
      task: () => ({ text: 'spent', usage: { input: 600, output: 600 } }),
    });
    const goalId = await createGoal(client, 'After hours');
    const goal = await waitForStatus(client, goalId, 'paused');
    expect(goal.tasks.map((task) => task.status)).toEqual(['done', 'ready']);
    expect(goal.pause_reason).toBe(
      `daily token budget exceeded: ${(spent + 1_210).toLocaleString('en-US')} of ${budget.toLocaleString('en-US')} tokens today (UTC)`,
    );
    expect(
      (await state()).governor.waiting.some((line) => line.startsWith('daily token budget')),
    ).toBe(true);
  });

  it('holds work back while cpi_high, and lets it run when pressure drops', async () => {
    await t.app.eventQueue.stop();
    try {
      for (let i = 0; i < 500; i++) await t.kv.push(QUEUES.eventsIncoming, 'pressure');
      script(model, { plan: parallel(['a']), task: slow(0) });
      const goalId = await createGoal(client, 'Wait for calm');
      await waitFor(async () => (await detail(client, goalId)).tasks.length > 0, 'planning');
      const held = await waitFor(async () => {
        const now = await state();
        return now.governor.cpi_high ? now : undefined;
      }, 'cpi_high');
      expect(held.governor.cpi).toBe(100);
      expect(held.governor.waiting[0]).toMatch(/^cpi_high: the CPI is 100 \(threshold 80\)/);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await runs(client, goalId)).toHaveLength(0);
      await t.kv.clearQueues(QUEUES.eventsIncoming);
      await waitForStatus(client, goalId, 'completed');
      expect((await state()).governor.cpi_high).toBe(false);
    } finally {
      await t.kv.clearQueues(QUEUES.eventsIncoming);
      t.app.eventQueue.start();
    }
  });

  it('starts no task while autonomous_goals is off, and continues when it is on', async () => {
    await t.app.configuration.setFlag('autonomous_goals', false, 'test', null);
    try {
      script(model, { plan: parallel(['a']), task: slow(0) });
      const goalId = await createGoal(client, 'Wait for the switch');
      await waitFor(async () => (await detail(client, goalId)).tasks.length > 0, 'planning');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await runs(client, goalId)).toHaveLength(0);
      const now = await state();
      expect(now.autonomous_goals).toBe(false);
      expect(now.governor.waiting).toContain('autonomous_goals is off: no new task starts');
      expect(now.counts.ready).toBeGreaterThanOrEqual(1);
      await t.app.configuration.setFlag('autonomous_goals', true, 'test', null);
      await waitForStatus(client, goalId, 'completed');
    } finally {
      await t.app.configuration.setFlag('autonomous_goals', true, 'test', null);
    }
  });
});
