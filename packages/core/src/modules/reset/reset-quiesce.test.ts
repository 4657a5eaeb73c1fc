import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from '../goals/goals-timing.js';
import {
  createGoal,
  detail,
  MODEL_KEY,
  modelEnv,
  planJson,
  script,
  waitFor,
  waitForStatus,
} from '../goals/test-support/goal-fixtures.js';
import { cognitiveRowCounts } from './reset-engine.js';

configureGoalsTiming(FAST_GOALS_TIMING);

/** Long enough that only an abort ends the model call within the test. */
const HANGS_MS = 60_000;

/** The reset stops agent work that is running when it starts, and takes work again after. */
describe('Panic Reset while the agent works', () => {
  let model: FakeModelServer;
  let t: TestApp;
  let replica: TestApp;
  let client: Client;
  let replicaClient: Client;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    t = await createTestApp({ env: modelEnv(model) });
    replica = await t.replica();
    client = await t.login();
    replicaClient = await replica.login();
  }, 120_000);
  afterAll(async () => {
    await replica?.close();
    await t?.close();
    await model?.close();
  }, 60_000);

  const reset = async () => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { confirm: 'RESET AGENT' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.payload).toContain('"ok":true');
  };
  const chat = (c: Client, text: string, chatId: string) =>
    c.inject({ method: 'POST', url: '/chat', payload: { text, chat_id: chatId } });
  const modelCalls = () => model.requests.filter((r) => r.path.endsWith('/chat/completions'));

  it('aborts a chat loop waiting on the model, on this replica and on another', async () => {
    model.respond = () => ({ text: 'too late', firstChunkDelayMs: HANGS_MS });
    const calls = modelCalls().length;
    const here = chat(client, 'Write a long poem about rivers', 'c-here');
    const there = chat(replicaClient, 'Write a long poem about mountains', 'c-there');
    await waitFor(() => modelCalls().length >= calls + 2, 'both chats to reach the model');
    let dropped = 0;
    replica.app.resetGate.onWiped(() => {
      dropped += 1;
    });
    const started = Date.now();
    await reset();
    for (const response of await Promise.all([here, there])) {
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toBe('reset_in_progress');
    }
    expect(Date.now() - started).toBeLessThan(HANGS_MS / 2);
    // The aborted loops wrote their traces before the wipe, not after it.
    expect((await cognitiveRowCounts(t.sql.db)).traces).toBe(0);
    await waitFor(() => dropped > 0, 'the other replica to drop its caches');

    model.respond = () => ({ text: 'Rivers run.' });
    for (const [c, id] of [
      [client, 'c-after'],
      [replicaClient, 'c-after-2'],
    ] as const) {
      const after = await waitFor(async () => {
        const response = await chat(c, 'Write a short poem about rivers', id);
        return response.statusCode === 200 ? response : undefined;
      }, 'chat to be taken again');
      expect(after.json().reply).toContain('Rivers run.');
    }
  }, 90_000);

  it('aborts a running goal task, wipes its goal, and runs new goals after done', async () => {
    script(model, {
      plan: planJson([{ key: 'a', title: 'Slow step' }]),
      task: () => ({ text: 'never', firstChunkDelayMs: HANGS_MS }),
    });
    const goalId = await createGoal(client, 'A goal the reset interrupts');
    await waitFor(async () => {
      const goal = await detail(client, goalId);
      return goal.tasks.some((task) => task.status === 'running');
    }, 'its task to run');
    const started = Date.now();
    await reset();
    expect(Date.now() - started).toBeLessThan(HANGS_MS / 2);
    expect(model.aborted.length).toBeGreaterThan(0);
    const counts = await cognitiveRowCounts(t.sql.db);
    expect([counts.goals, counts.goal_tasks, counts.goal_task_runs]).toEqual([0, 0, 0]);
    expect((await client.inject({ method: 'GET', url: `/api/goals/${goalId}` })).statusCode).toBe(
      404,
    );

    script(model, { plan: planJson([{ key: 'b', title: 'Quick step' }]) });
    const next = await createGoal(client, 'A goal after the reset');
    const done = await waitForStatus(client, next, 'completed', 30_000);
    expect(done.tasks.map((task) => task.status)).toEqual(['done']);
  }, 120_000);
});
