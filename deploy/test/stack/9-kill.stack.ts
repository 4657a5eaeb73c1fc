// agent-core killed in the middle of a goal, as a crash or an out-of-memory kill would: the
// engine starts it again by its restart policy, and the goal finishes with every task done once.
// The task the kill cut is taken again once its lease expires (docs/operations.md, "When
// agent-core dies").
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitHealthy } from './operations.js';
import { containerOf, docker, type Session, signIn, sleep } from './stack.js';

interface Task {
  task_id: string;
  title: string;
  status: string;
}
interface Run {
  task_id: string;
  status: string;
  worker: string;
}

async function goal(session: Session, id: string) {
  const answer = await session.call(`/api/goals/${id}`);
  expect(answer.status, answer.body).toBe(200);
  return answer.json() as { status: string; tasks: Task[] };
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(1_000);
  }
}

describe('agent-core killed mid-goal', () => {
  it('comes back by itself and finishes the goal with no task lost or done twice', async () => {
    const session = await signIn();
    const flag = await session.call('/api/config/flags/autonomous_goals', {
      method: 'PUT',
      body: { enabled: true },
    });
    expect(flag.status, flag.body).toBe(200);
    // The scripted model plans three tasks for a "slow-goal" (b and c after a), each taking 10 s.
    const created = await session.call('/api/goals', {
      body: { objective: `slow-goal ${randomUUID().slice(0, 8)}`, priority: 5 },
    });
    expect(created.status, created.body).toBe(201);
    const goalId = created.json().goal_id as string;

    const running = await until('a task running', 120, async () => {
      const tasks = (await goal(session, goalId)).tasks;
      return tasks.length === 3 ? tasks.find((task) => task.status === 'running') : undefined;
    });
    const core = await containerOf('agent-core');
    const startedBefore = await docker('inspect', '-f', '{{.State.StartedAt}}', core);
    // A crash, as an out-of-memory kill is: its process killed on the host. (`docker kill` is
    // an operator's stop, which the engine's restart policy honours by leaving it stopped.)
    const pid = Number(await docker('inspect', '-f', '{{.State.Pid}}', core));
    expect(pid).toBeGreaterThan(1);
    process.kill(pid, 'SIGKILL');

    // Nobody starts it: the restart policy does.
    await until('agent-core started again', 60, async () => {
      const started = await docker('inspect', '-f', '{{.State.StartedAt}}', core);
      return started !== startedBefore ? started : undefined;
    });
    await waitHealthy(240);
    const session2 = await signIn();
    const finished = await until('the goal completed', 300, async () => {
      const state = await goal(session2, goalId);
      return state.status === 'completed' ? state : undefined;
    });
    expect(finished.tasks.map((task) => task.status)).toEqual(['done', 'done', 'done']);

    const runs = (await session2.call(`/api/tasks?goal_id=${goalId}&limit=100`)).json()
      .runs as Run[];
    for (const task of finished.tasks) {
      const mine = runs.filter((run) => run.task_id === task.task_id);
      // Done exactly once, and never while another attempt of it ran.
      expect(
        mine.filter((run) => run.status === 'done'),
        task.title,
      ).toHaveLength(1);
      expect(
        mine.filter((run) => run.status === 'running'),
        task.title,
      ).toHaveLength(0);
    }
    // The cut attempt is on record as lost, and the task was taken again by the new process.
    const cut = runs.filter((run) => run.task_id === running.task_id);
    expect(cut.map((run) => run.status).sort()).toEqual(['done', 'lost']);
    expect(new Set(cut.map((run) => run.worker)).size).toBe(2);
  }, 900_000);
});
