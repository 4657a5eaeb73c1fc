import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { FeatureFlag } from '../configuration/feature-flags.js';
import type { Trace } from '../traces/traces.schema.js';

/** The flags and parameters the runtime owns change what it does, without a restart. */
describe('runtime under the configuration center', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let chats = 0;

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

  const chat = async (text: string) =>
    (
      await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: `cfg-${++chats}` },
      })
    ).json() as { request_id: string; tier: string; reply: string };
  const trace = async (id: string) =>
    (await client.inject({ method: 'GET', url: `/api/traces/${id}` })).json() as Trace;
  const withFlag = async (flag: FeatureFlag, run: () => Promise<void>) => {
    await t.app.configuration.setFlag(flag, false, 'admin', null);
    try {
      await run();
    } finally {
      await t.app.configuration.setFlag(flag, true, 'admin', null);
    }
  };
  const lastSystemPrompt = () => {
    const call = model.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1);
    return String(call?.body.messages[0].content);
  };

  it('sends arithmetic and one-skill requests to the model when model_free_tiers is off', async () => {
    expect((await chat('12*7')).tier).toBe('fast_path');
    expect((await chat('fetch https://example.invalid/')).tier).toBe('decision_layer');
    await withFlag('model_free_tiers', async () => {
      expect((await chat('12*7')).tier).toBe('llm_loop');
      expect((await chat('fetch https://example.invalid/')).tier).toBe('llm_loop');
    });
  });

  it('leaves a false claim uncorrected but flagged when grounder_corrections is off', async () => {
    await withFlag('grounder_corrections', async () => {
      model.queue({ text: 'I searched the web for it.' });
      const reply = await chat('look it up');
      expect(reply.reply).toBe('I searched the web for it.');
      const guard = (await trace(reply.request_id)).guard_chain.find(
        (g) => g.guard === 'output_guard',
      );
      expect(guard).toMatchObject({
        verdict: 'flag',
        detail: expect.stringContaining('grounder_corrections is off'),
      });
    });
  });

  it('stops offering the browser when its flag is off', async () => {
    await withFlag('browser', async () => {
      const skills = (await client.inject({ method: 'GET', url: '/api/skills' })).json().skills;
      expect(skills.find((s: { name: string }) => s.name === 'browser')).toMatchObject({
        available: false,
        unavailable_reason: 'Turned off by the browser feature flag.',
      });
      await chat('hello');
      const tools = model.requests
        .at(-1)
        ?.body.tools.map((tool: { function: { name: string } }) => tool.function.name);
      expect(tools).not.toContain('browser');
      expect(tools).toContain('fetch_url');
    });
  });

  it('applies a new step limit to the next request', async () => {
    await t.app.configuration.setParameter('model_max_steps', 1, 'admin', null);
    try {
      const before = model.requests.length;
      model.queue(
        { toolCalls: [{ name: 'calculate', input: { expression: '1+1' } }] },
        { text: 'never asked' },
      );
      await chat('add one and one with the tool');
      // One step: the tool ran, and the model was not called again with its result.
      expect(model.requests.length - before).toBe(1);
    } finally {
      await t.app.configuration.setParameter('model_max_steps', null, 'admin', null);
    }
  });

  it('adds context providers and request instructions to the prompt, and their verdicts to the trace', async () => {
    t.app.runtime.addContextProvider({
      name: 'test_rules',
      async provide({ text }) {
        return text.includes('French')
          ? {
              instructions: ['Answer in French.'],
              guards: [{ verdict: 'pass', detail: 'rule french fired' }],
            }
          : { instructions: [], guards: [] };
      },
    });
    const reply = await chat('Say hello in French please');
    expect(lastSystemPrompt()).toContain('- Answer in French.');
    expect((await trace(reply.request_id)).guard_chain).toContainEqual({
      guard: 'test_rules',
      verdict: 'pass',
      detail: 'rule french fired',
    });
    await t.app.runtime.handle({
      text: 'status?',
      chatId: 'cfg-goal',
      actor: 'agent',
      instructions: ['You work on goal G-1: ship the report.'],
      signal: new AbortController().signal,
    });
    expect(lastSystemPrompt()).toContain('- You work on goal G-1: ship the report.');
    expect(lastSystemPrompt()).not.toContain('Answer in French.');
  });
});
