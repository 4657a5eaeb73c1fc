import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { postgresAvailable } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import type { ResourceGovernor } from './governor.js';
import { claimTask } from './task-claim.js';
import {
  createGoal,
  detail,
  MODEL_KEY,
  modelEnv,
  planJson,
  runs,
  script,
  waitFor,
  waitForStatus,
} from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

const WIDE = planJson([
  { key: 'a', title: 'One' },
  { key: 'b', title: 'Two' },
  { key: 'c', title: 'Three' },
  { key: 'd', title: 'Join', depends_on: ['a', 'b', 'c'] },
]);

/** Two replicas on one PostgreSQL database, each with its own workers, pool and event loop. */
describe.runIf(await postgresAvailable())('two replicas on PostgreSQL', () => {
  let model: FakeModelServer;
  let t: TestApp;
  let replica: TestApp;
  let client: Client;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    const env = { ...modelEnv(model), MAX_CONCURRENT_TASKS: '4' };
    t = await createTestApp({ sql: 'postgres', env });
    replica = await t.replica(env);
    client = await t.login();
  });
  afterAll(async () => {
    await replica.close();
    await t.close();
    await model.close();
  });

  it('claims a ready task exactly once among concurrent claims from both replicas', async () => {
    await t.app.configuration.setFlag('autonomous_goals', false, 'test', null);
    const goalId = await createGoal(client, 'Contended task');
    const goal = await waitFor(async () => {
      const found = await detail(client, goalId);
      return found.tasks.length > 0 ? found : undefined;
    }, 'planning');
    const taskId = goal.tasks[0]?.task_id as string;
    // The workers are held back by the flag; these claims skip only that global gate.
    const governor = {
      gate: async () => null,
      limits: async () => ({
        max_concurrent_tasks: 100,
        max_concurrent_goals: 100,
        goal_token_budget: 100_000_000,
        daily_token_budget: 1_000_000_000,
      }),
      usage: async () => ({
        running_tasks: 0,
        running_goals: 0,
        goal_running: false,
        goal_tokens: 0,
        tokens_today: 0,
      }),
    } as unknown as ResourceGovernor;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const app = i % 2 === 0 ? t : replica;
        return claimTask(app.sql.db, governor, taskId, `contender-${i}`);
      }),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'skip')).toHaveLength(11);
    expect((await runs(client, goalId)).filter((run) => run.status === 'running')).toHaveLength(1);
    await client.inject({ method: 'POST', url: `/api/goals/${goalId}/archive` });
    await t.app.configuration.setFlag('autonomous_goals', true, 'test', null);
    await replica.app.configuration.setFlag('autonomous_goals', true, 'test', null);
  });

  it('works the same goals from both replicas without running one task twice at a time', async () => {
    script(model, { plan: WIDE, task: (key) => ({ text: `R-${key}`, firstChunkDelayMs: 300 }) });
    const other = await replica.login();
    const goals = [
      await createGoal(client, 'Replica goal 1'),
      await createGoal(other, 'Replica goal 2'),
      await createGoal(client, 'Replica goal 3'),
    ];
    const all = [];
    for (const goalId of goals) {
      const goal = await waitForStatus(client, goalId, 'completed', 60_000);
      const log = await runs(client, goalId);
      for (const task of goal.tasks) {
        const own = log.filter((run) => run.task_id === task.task_id);
        expect(own.filter((run) => run.status === 'done')).toHaveLength(1);
        for (let i = 1; i < own.length; i++)
          expect(Date.parse(own[i]?.started_at ?? '')).toBeGreaterThanOrEqual(
            Date.parse(own[i - 1]?.finished_at ?? ''),
          );
      }
      all.push(...log);
    }
    expect(all).toHaveLength(12);
    expect(all.every((run) => run.status === 'done')).toBe(true);
  });
});
