import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { WorkGauge } from '../health/work-gauge.js';
import type { ChatRequest } from '../runtime/runtime.service.js';
import { AgentRunner, instructionsFor } from './agent-runner.js';
import { AgentRunsRepository } from './agent-runs.repository.js';
import { AgentsRepository } from './agents.repository.js';
import type { Agent } from './agents.schema.js';

/** A runtime that works until its signal aborts, as a long model call would. */
const endlessRuntime = {
  handle: (request: ChatRequest) =>
    new Promise<never>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    }),
};

/** The run lease, with a lease short enough to watch it renew and carry a stop across replicas. */
describe('agent runs under a lease', () => {
  let t: TestApp;
  let runner: AgentRunner;
  let agents: AgentsRepository;
  const work = new WorkGauge();

  beforeAll(async () => {
    t = await createTestApp();
    agents = new AgentsRepository(t.app.sql.db);
    runner = new AgentRunner({
      runs: new AgentRunsRepository(t.app.sql.db),
      runtime: endlessRuntime,
      mainAgentName: async () => 'Main',
      audit: t.app.audit,
      events: t.app.events,
      announce: () => {},
      log: t.app.log,
      leaseMs: 400,
      work,
    });
  });
  afterAll(async () => {
    await runner.close();
    await t.close();
  });

  const start = (agent: Agent) => {
    const running = runner.delegate({
      agentId: agent.agent_id,
      text: 'work forever',
      from: 'operator',
      sender: 'admin',
      actor: 'admin',
      depth: 1,
      signal: new AbortController().signal,
    });
    running.catch(() => {});
    return running;
  };
  const status = async (agent: Agent) => (await agents.get(agent.agent_id))?.status;

  it('renews the lease while the run lasts, and stops when another replica stops the agent', async () => {
    const agent = await agents.insert({ name: 'Lease', objective: 'Hold on', priority: 5 });
    const running = start(agent);
    await expect.poll(() => status(agent)).toBe('running');
    // Three lease lengths later the run still holds the agent: the lease was renewed.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await status(agent)).toBe('running');
    expect(work.count).toBe(1);
    // Stopped in the database only, as a replica without this run would do it.
    await agents.setControl(agent.agent_id, ['active'], 'stopped');
    await expect(running).rejects.toMatchObject({ code: 'agent_stopped' });
    expect(runner.activeRuns).toBe(0);
    expect(work.count).toBe(0);
    expect(await agents.get(agent.agent_id)).toMatchObject({ status: 'stopped', last_error: null });
  });

  it('cancels a run whose agent another replica deleted', async () => {
    const agent = await agents.insert({ name: 'Doomed', objective: 'Vanish', priority: 5 });
    const running = start(agent);
    await expect.poll(() => status(agent)).toBe('running');
    await agents.delete(agent.agent_id);
    await expect(running).rejects.toMatchObject({
      code: 'agent_stopped',
      message: expect.stringContaining('deleted'),
    });
  });

  it('cancels every run at shutdown and records why', async () => {
    const agent = await agents.insert({ name: 'Shutdown', objective: 'Wait', priority: 5 });
    const running = start(agent);
    await expect.poll(() => status(agent)).toBe('running');
    await runner.close();
    await expect(running).rejects.toMatchObject({ code: 'agent_stopped' });
    expect(await agents.get(agent.agent_id)).toMatchObject({ status: 'idle' });
    const [message] = (await agents.messages(agent.agent_id, { limit: 5 })).messages;
    expect(message?.error).toBe('cancelled: shutting down');
  });

  it('writes the role as one sentence, whatever the objective ends with', () => {
    const agent = { name: 'Scribe', objective: 'Keep the\nminutes.', priority: 3 } as Agent;
    expect(instructionsFor(agent, 'Main')).toBe(
      'You are Scribe, a sub-agent of Main. Your objective: Keep the minutes. Priority 3 (1-10, 10 most urgent).',
    );
  });
});
