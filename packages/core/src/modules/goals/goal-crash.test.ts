import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlStore } from '../../store/db.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends, TEST_DATABASE_URL } from '../../testing/services.js';
import { LOST_ERROR } from './task-sweeper.js';
import { ChildRuntime } from './test-support/child-runtime.js';
import { MODEL_KEY, modelEnv, planJson, script } from './test-support/goal-fixtures.js';

const PLAN = planJson([
  { key: 'a', title: 'Gather' },
  { key: 'b', title: 'Draft', depends_on: ['a'] },
  { key: 'c', title: 'Review', depends_on: ['a'] },
  { key: 'd', title: 'Publish', depends_on: ['b', 'c'] },
]);

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A real process is killed (SIGKILL) in the middle of a goal; a new process on the same data
 * finishes it. The task rows and the run log must show every task done exactly once, and never
 * two attempts of one task running at the same time.
 */
describe.each(await sqlTestBackends())('crash safety (%s)', (backend) => {
  let model: FakeModelServer;
  let dataDir: string;
  const schema = `t_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    dataDir = await mkdtemp(path.join(tmpdir(), 'agent-goals-crash-'));
    if (backend === 'postgres') await admin(`create schema ${schema}`);
  });
  afterAll(async () => {
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
    if (backend === 'postgres')
      await admin(`drop schema if exists ${schema}, ${schema}_boss cascade`);
  });

  const env = () => ({
    DATA_DIR: dataDir,
    ...modelEnv(model),
    MAX_CONCURRENT_TASKS: '2',
    ...(backend === 'postgres'
      ? { DATABASE_URL: TEST_DATABASE_URL, GOALS_TEST_SCHEMA: schema }
      : {}),
  });

  it('finishes the goal of a killed process with every task done exactly once', async () => {
    script(model, {
      plan: PLAN,
      task: (key) => ({ text: `RESULT-${key}`, firstChunkDelayMs: 1_500 }),
    });
    const first = new ChildRuntime(env(), ['create', 'Survive a crash']);
    const { goal_id: goalId } = await first.line((line) => line.goal_id, 'the goal');
    // Killed once a task with a finished dependency is in the middle of its model call.
    await first.line(
      (line) => line.name === 'task-start' && ['Draft', 'Review'].includes(line.data.title),
      'a second-level task to start',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.kill('SIGKILL');
    await first.exited;

    const second = new ChildRuntime(env());
    await second.line(
      (line) =>
        line.name === 'goal-change' &&
        line.data.goal_id === goalId &&
        line.data.status === 'completed',
      'the goal to complete in the new process',
      150_000,
    );
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const store = await openSqlStore({
      dataDir,
      databaseUrl: backend === 'postgres' ? TEST_DATABASE_URL : undefined,
      ...(backend === 'postgres' ? { schema } : {}),
    });
    try {
      const tasks = await store.db
        .selectFrom('goal_tasks')
        .select(['task_id', 'title', 'status', 'result'])
        .where('goal_id', '=', goalId)
        .execute();
      expect(tasks.map((task) => [task.title, task.status]).sort()).toEqual([
        ['Draft', 'done'],
        ['Gather', 'done'],
        ['Publish', 'done'],
        ['Review', 'done'],
      ]);
      const runs = await store.db
        .selectFrom('goal_task_runs')
        .select(['task_id', 'status', 'error', 'started_at', 'finished_at', 'worker'])
        .where('goal_id', '=', goalId)
        .orderBy('started_at')
        .execute();
      const lost = runs.filter((run) => run.status === 'lost');
      expect(lost.length).toBeGreaterThanOrEqual(1);
      expect(lost.every((run) => run.error === LOST_ERROR)).toBe(true);
      expect(runs.every((run) => ['done', 'lost'].includes(run.status))).toBe(true);
      for (const task of tasks) {
        const own = runs.filter((run) => run.task_id === task.task_id);
        expect(own.filter((run) => run.status === 'done')).toHaveLength(1);
        for (let i = 1; i < own.length; i++) {
          const previous = own[i - 1];
          expect(previous?.finished_at).not.toBeNull();
          expect(new Date(own[i]?.started_at as Date).getTime()).toBeGreaterThanOrEqual(
            new Date(previous?.finished_at as Date).getTime(),
          );
        }
      }
      // The new process did the lost work: its runs carry another worker name.
      const workers = new Set(runs.map((run) => run.worker.split(':')[1]));
      expect(workers.size).toBe(2);
    } finally {
      await store.close();
    }
  }, 300_000);
});
