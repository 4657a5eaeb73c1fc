import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModelServer,
  type RecordedModelRequest,
  startFakeOpenAi,
} from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { RunTrace } from '../runtime/run-trace.js';
import type { Agent, AgentMessage } from './agents.schema.js';

type ModelMessage = { role: string; content: unknown; tool_calls?: unknown };
const system = (request: RecordedModelRequest | undefined) =>
  String((request?.body.messages as ModelMessage[] | undefined)?.[0]?.content ?? '');
const toolResults = (request: RecordedModelRequest | undefined) =>
  ((request?.body.messages ?? []) as ModelMessage[])
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));

/** The main agent manages sub-agents through the model loop, within the delegation depth. */
describe('agent_manager skill', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;

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
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const modelCalls = () => model.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const chat = async (text: string, chatId: string) => {
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text, chat_id: chatId },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { request_id: string; reply: string };
  };
  const agentNamed = async (name: string) => {
    const { agents } = (await client.inject({ method: 'GET', url: '/api/agents' })).json() as {
      agents: Agent[];
    };
    const agent = agents.find((a) => a.name === name);
    if (!agent) throw new Error(`no agent ${name}`);
    return agent;
  };
  const log = async (agent: Agent) =>
    (
      (
        await client.inject({ method: 'GET', url: `/api/agents/${agent.agent_id}/messages` })
      ).json() as { messages: AgentMessage[] }
    ).messages.reverse();

  it('creates a sub-agent and delegates to it; the reply comes back as the tool result', async () => {
    const before = modelCalls().length;
    model.queue(
      {
        toolCalls: [
          {
            name: 'agent_manager',
            input: { action: 'create', name: 'Scout', objective: 'Scout the terrain', priority: 6 },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'agent_manager',
            input: { action: 'delegate', agent: 'scout', message: 'What is over the hill?' },
          },
        ],
      },
      { text: 'A river, two miles wide.' },
      { text: 'Scout reports a river beyond the hill.' },
    );
    const reply = await chat('Send a scout over the hill', 'main-skill');
    expect(reply.reply).toBe('Scout reports a river beyond the hill.');

    const calls = modelCalls().slice(before);
    expect(calls).toHaveLength(4);
    expect(toolResults(calls[1])[0]).toContain('Created sub-agent Scout');
    // The third model call is the sub-agent's: its own role, its own conversation.
    expect(system(calls[2])).toContain(
      'You are Scout, a sub-agent of Agent. Your objective: Scout the terrain.',
    );
    expect((calls[2]?.body.messages as ModelMessage[] | undefined)?.slice(1)).toEqual([
      { role: 'user', content: 'What is over the hill?' },
    ]);
    const delegated = toolResults(calls[3])[1];
    expect(delegated).toContain('A river, two miles wide.');
    // The sub-agent read nothing from outside: its reply is the agent's own words, not fenced.
    expect(delegated).not.toContain('<untrusted_content');

    const scout = await agentNamed('Scout');
    expect(scout).toMatchObject({ priority: 6, status: 'idle', messages_count: 2 });
    expect((await log(scout)).map((m) => [m.from, m.sender, m.text])).toEqual([
      ['main_agent', 'Agent', 'What is over the hill?'],
      ['sub_agent', 'Scout', 'A river, two miles wide.'],
    ]);
    // The main chat holds only its own exchange.
    const main = (
      await client.inject({ method: 'GET', url: '/api/chats/main-skill/messages' })
    ).json() as { messages: Array<{ content: string }> };
    expect(main.messages.map((m) => m.content)).toEqual([
      'Send a scout over the hill',
      'Scout reports a river beyond the hill.',
    ]);

    await t.app.audit.flush();
    const rows = (await t.app.audit.list({ limit: 20, action: 'agent.*' })).entries;
    expect(rows.find((r) => r.action === 'agent.create')).toMatchObject({ actor: 'admin' });
    expect(rows.find((r) => r.action === 'agent.message')).toMatchObject({
      actor: 'admin',
      detail: { from: 'main_agent', depth: 1, status: 'ok' },
    });
    const skillRows = (await t.app.audit.list({ limit: 20, action: 'skill.agent_manager' }))
      .entries;
    expect(skillRows.map((r) => r.detail.input)).toEqual([
      { action: 'delegate', agent: 'scout', message: 'What is over the hill?' },
      { action: 'create', name: 'Scout', objective: 'Scout the terrain', priority: 6 },
    ]);
    expect(skillRows[0]?.target).toBe(scout.agent_id);
  });

  it('refuses delegation past depth 2, so agents cannot recurse forever', async () => {
    await t.app.agents.create({ name: 'Alpha', objective: 'Coordinate' }, 'admin');
    await t.app.agents.create({ name: 'Beta', objective: 'Assist' }, 'admin');
    const alpha = await agentNamed('Alpha');
    const beta = await agentNamed('Beta');
    const before = modelCalls().length;
    model.queue(
      {
        toolCalls: [
          {
            name: 'agent_manager',
            input: { action: 'delegate', agent: 'Beta', message: 'Help me' },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'agent_manager',
            input: { action: 'delegate', agent: 'Alpha', message: 'Back to you' },
          },
        ],
      },
      { text: 'Beta could not delegate.' },
      { text: 'Alpha is done.' },
    );
    // The operator's message makes Alpha depth 1; Alpha's delegation makes Beta depth 2.
    const response = await client.inject({
      method: 'POST',
      url: `/api/agents/${alpha.agent_id}/messages`,
      payload: { text: 'Start' },
    });
    expect(response.json()).toMatchObject({ reply: 'Alpha is done.' });
    const calls = modelCalls().slice(before);
    expect(calls).toHaveLength(4);
    expect(toolResults(calls[2])).toEqual([
      expect.stringContaining('Delegation refused: this would be delegation level 3'),
    ]);
    expect(toolResults(calls[3])[0]).toContain('Beta could not delegate.');
    // Beta's log shows Alpha as the sender; Alpha's log shows no second message.
    expect((await log(beta)).map((m) => [m.from, m.sender])).toEqual([
      ['sub_agent', 'Alpha'],
      ['sub_agent', 'Beta'],
    ]);
    expect((await log(alpha)).map((m) => m.from)).toEqual(['operator', 'sub_agent']);
    expect(await agentNamed('Alpha')).toMatchObject({ status: 'idle' });
  });

  it('lists, reads status, pauses and resumes; bad input and unknown agents are errors', async () => {
    const run = {
      requestId: 'req-skill',
      chatId: 'direct',
      goalId: null,
      actor: 'admin',
      depth: 0,
      signal: new AbortController().signal,
      log: t.app.log,
      trace: new RunTrace(),
      onProgress: () => {},
    };
    const use = (input: unknown) => t.app.skillRunner.run('agent_manager', input, run);

    const list = await use({ action: 'list' });
    expect(list.status).toBe('done');
    expect(list.modelText).toMatch(/Scout \([0-9a-f-]{36}\): idle, priority 6/);
    const status = await use({ action: 'status', agent: 'SCOUT' });
    expect(status.modelText).toContain('Messages: 2');
    expect(status.modelText).toContain('main_agent Agent: What is over the hill?');
    expect((await use({ action: 'pause', agent: 'Scout' })).modelText).toBe('Scout is now paused.');
    const refused = await use({ action: 'delegate', agent: 'Scout', message: 'hi' });
    expect(refused).toMatchObject({ status: 'error' });
    expect(refused.modelText).toContain('paused; resume it');
    expect((await use({ action: 'resume', agent: 'Scout' })).modelText).toBe('Scout is now idle.');
    expect((await use({ action: 'pause', agent: 'Nobody' })).modelText).toContain(
      'No agent named or numbered "Nobody"',
    );
    expect((await use({ action: 'create', name: 'scout', objective: 'x' })).modelText).toContain(
      'already exists',
    );
    for (const input of [
      { action: 'create', objective: 'no name' },
      { action: 'delegate', agent: 'Scout' },
      { action: 'create', name: 'P', objective: 'x', priority: 11 },
      { action: 'explode' },
    ])
      expect((await use(input)).modelText).toMatch(/^Error: Invalid input/);
    // A sub-sub-agent (depth 2) may not delegate further; nothing reaches the model or the log.
    const calls = modelCalls().length;
    const deep = await t.app.skillRunner.run(
      'agent_manager',
      { action: 'delegate', agent: 'Scout', message: 'too deep' },
      { ...run, depth: 2 },
    );
    expect(deep).toMatchObject({ status: 'error' });
    expect(deep.modelText).toContain('at most 2 levels');
    expect(modelCalls().length).toBe(calls);
    expect((await agentNamed('Scout')).messages_count).toBe(2);
  });
});
