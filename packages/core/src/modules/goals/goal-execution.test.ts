import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUserText } from '../../testing/fakes/fake-model-script.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEvent } from '../events/runtime-events.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import {
  createGoal,
  isPlanning,
  MODEL_KEY,
  modelEnv,
  planJson,
  runs,
  script,
  taskIds,
  taskKey,
  waitForStatus,
} from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

/** Goals planned by a fake model and run by the workers, on both SQL backends. */
describe.each(await sqlTestBackends())('goal execution (%s)', (backend) => {
  let model: FakeModelServer;
  let t: TestApp;
  let client: Client;
  const events: RuntimeEvent[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    t = await createTestApp({
      sql: backend,
      env: { ...modelEnv(model), MAX_CONCURRENT_TASKS: '2', TASK_MAX_ATTEMPTS: '2' },
    });
    client = await t.login();
    t.app.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const post = (url: string, payload?: unknown) =>
    client.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
  const taskRequests = (key: string) =>
    model.requests.filter((request) => !isPlanning(request) && taskKey(request) === key);

  it('runs a -> b, a -> c, (b, c) -> d in order and hands results downstream', async () => {
    script(model, {
      plan: planJson([
        { key: 'a', title: 'Gather' },
        { key: 'b', title: 'Draft', depends_on: ['a'] },
        { key: 'c', title: 'Review', depends_on: ['a'] },
        { key: 'd', title: 'Publish', depends_on: ['b', 'c'] },
      ]),
      planUsage: { input: 6, output: 4 },
      task: (key) => ({
        text: `RESULT-${key}`,
        usage: { input: 100, output: 20 },
        firstChunkDelayMs: 200,
      }),
    });
    const goalId = await createGoal(client, 'Produce the quarterly summary', 6);
    const goal = await waitForStatus(client, goalId, 'completed');
    expect(goal).toMatchObject({ progress: 100, tasks_total: 4, tasks_done: 4 });
    expect(goal.planning).toEqual({ status: 'done', source: 'model', note: null });
    expect(goal.tasks.map((task) => task.title)).toEqual(['Gather', 'Draft', 'Review', 'Publish']);
    const id = taskIds(goal);
    expect(goal.tasks.find((task) => task.task_id === id.d)?.depends_on).toEqual(
      [id.b, id.c].sort(),
    );

    const log = await runs(client, goalId);
    expect(log).toHaveLength(4);
    expect(log.every((run) => run.status === 'done' && run.attempt === 1)).toBe(true);
    const run = (key: string) => {
      const found = log.find((entry) => entry.task_id === id[key]);
      if (!found?.finished_at) throw new Error(`no finished run of ${key}`);
      return { start: Date.parse(found.started_at), end: Date.parse(found.finished_at), found };
    };
    expect(log[0]?.task_id).toBe(id.a);
    expect(log[3]?.task_id).toBe(id.d);
    for (const key of ['b', 'c']) {
      expect(run(key).start).toBeGreaterThanOrEqual(run('a').end);
      expect(run('d').start).toBeGreaterThanOrEqual(run(key).end);
    }

    // Each task asked the model once; its prompt carries what its dependencies produced.
    expect(lastUserText(taskRequests('a')[0]?.body)).not.toContain('Results of the tasks');
    expect(lastUserText(taskRequests('b')[0]?.body)).toContain('## Gather\nRESULT-a');
    const last = lastUserText(taskRequests('d')[0]?.body);
    expect(last).toContain('RESULT-b');
    expect(last).toContain('RESULT-c');
    const system = JSON.stringify(taskRequests('d')[0]?.body.messages[0]);
    expect(system).toContain('Produce the quarterly summary');
    expect(system).toContain('task 4 of 4');

    // Tokens and traces: each attempt links its decision trace, in the goal's chat.
    expect(log.map((entry) => entry.tokens)).toEqual([120, 120, 120, 120]);
    expect(goal.tokens).toBe(4 * 120 + 10);
    const trace = await client.inject({
      method: 'GET',
      url: `/api/traces/${run('b').found.request_id}`,
    });
    expect(trace.json()).toMatchObject({ chat_id: `goal:${goalId}`, tier: 'llm_loop' });
    expect(goal.tasks.find((task) => task.task_id === id.b)).toMatchObject({
      status: 'done',
      result: 'RESULT-b',
      request_id: run('b').found.request_id,
      attempts: 1,
      tokens: 120,
    });

    const mine = events.filter((event) => (event.data as { goal_id?: string }).goal_id === goalId);
    expect(mine.filter((event) => event.name === 'task-start')).toHaveLength(4);
    expect(mine.filter((event) => event.name === 'task-finish')).toHaveLength(4);
    expect(mine.at(-1)).toMatchObject({
      name: 'goal-change',
      data: { status: 'completed', reason: 'every task is done' },
    });

    // A completed goal can be archived, not paused, resumed or expanded.
    for (const change of ['pause', 'resume'])
      expect((await post(`/api/goals/${goalId}/${change}`)).statusCode).toBe(409);
    expect(
      (await post(`/api/goals/${goalId}/tasks`, { title: 'x', instruction: 'y' })).json(),
    ).toMatchObject({
      error: 'invalid_transition',
    });
    expect((await post(`/api/goals/${goalId}/archive`)).json()).toMatchObject({
      ok: true,
      goal: { status: 'archived', progress: 100 },
    });
  });

  it('retries a failed attempt after a backoff and keeps every attempt in the log', async () => {
    let calls = 0;
    script(model, {
      plan: planJson([{ key: 'r', title: 'Flaky' }]),
      // 400 is not retried by the SDK: one model call, one failed attempt.
      task: () => (++calls === 1 ? { status: 400 } : { text: 'fine now' }),
    });
    const goalId = await createGoal(client, 'Survive one failure');
    const goal = await waitForStatus(client, goalId, 'completed');
    const log = await runs(client, goalId);
    expect(log.map((run) => [run.attempt, run.status])).toEqual([
      [1, 'failed'],
      [2, 'done'],
    ]);
    expect(log[0]?.error).toMatch(/^The model provider failed/);
    expect(goal.tasks[0]).toMatchObject({ attempts: 2, status: 'done', error: null });
  });

  it('fails the task and its goal after task_max_attempts and cancels what waits', async () => {
    script(model, {
      plan: planJson([
        { key: 'x', title: 'Doomed' },
        { key: 'y', title: 'Never', depends_on: ['x'] },
      ]),
      task: () => ({ status: 400 }),
    });
    const goalId = await createGoal(client, 'Fail properly');
    const goal = await waitForStatus(client, goalId, 'failed');
    const id = taskIds(goal);
    expect(goal.tasks.map((task) => [task.task_id, task.status])).toEqual([
      [id.x, 'failed'],
      [id.y, 'cancelled'],
    ]);
    expect(taskRequests('y')).toHaveLength(0);
    const change = events.find(
      (event) =>
        event.name === 'goal-change' &&
        (event.data as { goal_id: string; status: string }).goal_id === goalId &&
        (event.data as { status: string }).status === 'failed',
    );
    expect((change?.data as { reason: string } | undefined)?.reason).toMatch(
      /^task "Doomed" failed after 2 attempts: The model provider failed/,
    );
    // The execution log filters and pages.
    const page = (
      await client.inject({
        method: 'GET',
        url: `/api/tasks?goal_id=${goalId}&status=failed&limit=1`,
      })
    ).json();
    expect(page.runs).toHaveLength(1);
    expect(page.runs[0]).toMatchObject({ attempt: 2, status: 'failed', title: 'Doomed' });
    const next = (
      await client.inject({
        method: 'GET',
        url: `/api/tasks?goal_id=${goalId}&status=failed&limit=1&cursor=${encodeURIComponent(page.next_cursor)}`,
      })
    ).json();
    expect(next.runs.map((run: { attempt: number }) => run.attempt)).toEqual([1]);
    expect(next.next_cursor).toBeNull();
    const badCursor = await client.inject({ method: 'GET', url: '/api/tasks?cursor=nope' });
    expect(badCursor.statusCode).toBe(400);
    // A failed goal can only be archived.
    expect((await post(`/api/goals/${goalId}/resume`)).statusCode).toBe(409);
    expect((await post(`/api/goals/${goalId}/archive`)).statusCode).toBe(200);
  });
});
