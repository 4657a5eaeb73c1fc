import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModelServer,
  type RecordedModelRequest,
  startFakeOpenAi,
} from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEventMap } from '../events/runtime-events.js';
import type { Agent, AgentMessage } from './agents.schema.js';

type ModelMessage = { role: string; content: unknown };
const texts = (request: RecordedModelRequest | undefined) =>
  ((request?.body.messages ?? []) as ModelMessage[]).map((m) => `${m.role}: ${String(m.content)}`);

/** Delegation through the API: the runtime, the agent's own conversation, status and failure. */
describe('delegating work to a sub-agent', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  const events: RuntimeEventMap['agent-change'][] = [];

  beforeAll(async () => {
    model = await startFakeOpenAi();
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
    });
    client = await t.login();
    t.app.events.subscribe((event) => {
      if (event.name === 'agent-change') events.push(event.data as RuntimeEventMap['agent-change']);
    });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const modelCalls = () => model.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const create = async (name: string, objective: string, priority = 5) => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/agents',
      payload: { name, objective, priority },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Agent;
  };
  const send = (agent: Agent, text: string) =>
    client.inject({
      method: 'POST',
      url: `/api/agents/${agent.agent_id}/messages`,
      payload: { text },
    });
  const fetchAgent = async (agent: Agent) =>
    (await client.inject({ method: 'GET', url: `/api/agents/${agent.agent_id}` })).json() as Agent;
  const log = async (agent: Agent) =>
    (
      (
        await client.inject({ method: 'GET', url: `/api/agents/${agent.agent_id}/messages` })
      ).json() as {
        messages: AgentMessage[];
      }
    ).messages;

  it('runs the runtime in the agent’s own conversation, with its role as instructions', async () => {
    const agent = await create('Researcher', 'Find facts about the release', 7);
    model.queue({ text: 'The release is on Friday.' });
    const first = await send(agent, 'When is the release?');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      chat_id: `agent:${agent.agent_id}`,
      tier: 'llm_loop',
      reply: 'The release is on Friday.',
      agent: { status: 'idle', messages_count: 2 },
    });
    const system = texts(modelCalls().at(-1))[0];
    expect(system).toContain(
      '- You are Researcher, a sub-agent of Agent. Your objective: Find facts about the release. Priority 7 (1-10, 10 most urgent).',
    );
    const trace = (
      await client.inject({ method: 'GET', url: `/api/traces/${first.json().request_id}` })
    ).json();
    expect(trace).toMatchObject({ chat_id: `agent:${agent.agent_id}`, tier: 'llm_loop' });

    model.queue({ text: 'Friday at noon.' });
    expect((await send(agent, 'At what time?')).json().reply).toBe('Friday at noon.');
    expect(texts(modelCalls().at(-1)).slice(1)).toEqual([
      'user: When is the release?',
      'assistant: The release is on Friday.',
      'user: At what time?',
    ]);

    // The operator's own chat knows nothing of the sub-agent's conversation.
    model.queue({ text: 'Main reply.' });
    await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'Hello', chat_id: 'main' },
    });
    expect(texts(modelCalls().at(-1)).slice(1)).toEqual(['user: Hello']);
    expect(texts(modelCalls().at(-1))[0]).not.toContain('sub-agent');
  });

  it('is running during a slow reply, refuses a second message meanwhile, idle after', async () => {
    const agent = await create('Slowpoke', 'Take your time');
    const seen = events.length;
    model.queue({ text: 'Done slowly.', firstChunkDelayMs: 1_000 });
    const pending = send(agent, 'Do the slow thing');
    await expect
      .poll(async () => (await fetchAgent(agent)).status, { timeout: 5_000 })
      .toBe('running');
    const second = await send(agent, 'And another');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('agent_busy');
    // While running, the message it works on is already in the log.
    expect((await log(agent)).map((m) => [m.from, m.text, m.request_id])).toEqual([
      ['operator', 'Do the slow thing', null],
    ]);
    const done = await pending;
    expect(done.json()).toMatchObject({ reply: 'Done slowly.', agent: { status: 'idle' } });
    expect((await fetchAgent(agent)).status).toBe('idle');
    const statuses = events
      .slice(seen)
      .filter((e) => e.agent_id === agent.agent_id)
      .map((e) => e.status);
    expect(statuses).toEqual(['running', 'idle']);
    expect((await log(agent)).map((m) => m.request_id)).toEqual([
      done.json().request_id,
      done.json().request_id,
    ]);
  });

  it('lets work in flight finish when paused, and stays paused after', async () => {
    const agent = await create('Pausable', 'Finish what you start');
    const calls = modelCalls().length;
    model.queue({ text: 'Finished anyway.', firstChunkDelayMs: 800 });
    const pending = send(agent, 'Start something');
    await expect.poll(() => modelCalls().length, { timeout: 5_000 }).toBe(calls + 1);
    const pause = await client.inject({
      method: 'POST',
      url: `/api/agents/${agent.agent_id}/pause`,
    });
    expect(pause.json()).toMatchObject({ agent: { status: 'paused' } });
    expect((await pending).json()).toMatchObject({
      reply: 'Finished anyway.',
      agent: { status: 'paused', messages_count: 2 },
    });
    const resume = await client.inject({
      method: 'POST',
      url: `/api/agents/${agent.agent_id}/resume`,
    });
    expect(resume.json()).toMatchObject({ agent: { status: 'idle' } });
  });

  it('is in error after a model failure, with the reason, until a run succeeds', async () => {
    const agent = await create('Fragile', 'Break sometimes');
    model.queue({ status: 401 });
    const failed = await send(agent, 'Try this');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe('model_error');
    const broken = await fetchAgent(agent);
    expect(broken).toMatchObject({ status: 'error', messages_count: 1 });
    expect(broken.last_error).toContain('The model provider failed');
    const [message] = await log(agent);
    expect(message).toMatchObject({ from: 'operator', text: 'Try this' });
    expect(message?.error).toContain('The model provider failed');
    // The failed run's trace is named on the message, though the run returned no result.
    const trace = await client.inject({ method: 'GET', url: `/api/traces/${message?.request_id}` });
    expect(trace.json()).toMatchObject({ status: 'error', chat_id: `agent:${agent.agent_id}` });
    await t.app.audit.flush();
    const [row] = (await t.app.audit.list({ limit: 1, action: 'agent.message' })).entries;
    expect(row).toMatchObject({ target: agent.agent_id, detail: { status: 'error' } });
    expect(row?.error).toContain('The model provider failed');

    model.queue({ text: 'Better now.' });
    expect((await send(agent, 'Again')).statusCode).toBe(200);
    expect(await fetchAgent(agent)).toMatchObject({ status: 'idle', last_error: null });
  });

  it('cancels the work in flight when the agent is stopped or deleted', async () => {
    const agent = await create('Stoppable', 'Work until told');
    const calls = modelCalls().length;
    const aborted = model.aborted.length;
    model.queue({ text: 'never finished', firstChunkDelayMs: 5_000 });
    const pending = send(agent, 'Long job');
    // Stopped once the model is at work, so the cancellation has a model call to end.
    await expect.poll(() => modelCalls().length, { timeout: 5_000 }).toBe(calls + 1);
    expect((await fetchAgent(agent)).status).toBe('running');
    const stop = await client.inject({ method: 'POST', url: `/api/agents/${agent.agent_id}/stop` });
    expect(stop.json()).toMatchObject({ ok: true, agent: { status: 'stopped' } });
    const response = await pending;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'agent_stopped' });
    await expect.poll(() => model.aborted.length, { timeout: 10_000 }).toBe(aborted + 1);
    expect(await fetchAgent(agent)).toMatchObject({ status: 'stopped', last_error: null });
    expect((await log(agent))[0]?.error).toBe('cancelled: the agent was stopped');

    await client.inject({ method: 'POST', url: `/api/agents/${agent.agent_id}/resume` });
    model.queue({ text: 'never finished either', firstChunkDelayMs: 5_000 });
    const again = send(agent, 'Another long job');
    await expect.poll(() => modelCalls().length, { timeout: 5_000 }).toBe(calls + 2);
    await client.inject({ method: 'DELETE', url: `/api/agents/${agent.agent_id}` });
    expect((await again).json()).toMatchObject({ error: 'agent_stopped' });
    await expect.poll(() => model.aborted.length, { timeout: 10_000 }).toBe(aborted + 2);
    expect(t.app.agents.activeRuns).toBe(0);
  });
});
