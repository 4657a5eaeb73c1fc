import { afterAll, beforeAll, expect } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import type { SqlTestBackend } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Trace } from '../traces/traces.schema.js';
import type { Proposal, Rule } from './behavioral.schema.js';

/**
 * An app whose model is a fake OpenAI server, with helpers to chat and see what the model was
 * sent (the system prompt) and what the trace recorded. Call inside a describe block.
 */
export function controlLayerHarness(backend: SqlTestBackend) {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let chats = 0;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    t = await createTestApp({
      sql: backend,
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

  const chat = async (text: string) => {
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text, chat_id: `rules-${++chats}` },
    });
    expect(response.statusCode).toBe(200);
    await t.app.controlLayer.flush();
    const body = response.json() as { request_id: string; tier: string };
    expect(body.tier).toBe('llm_loop');
    const trace = (
      await client.inject({ method: 'GET', url: `/api/traces/${body.request_id}` })
    ).json() as Trace;
    const call = model.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1);
    return {
      prompt: String(call?.body.messages[0].content),
      ruleGuards: trace.guard_chain.filter((g) => g.guard === 'behavioral_rules'),
    };
  };
  const create = async (payload: object) =>
    (
      await client.inject({
        method: 'POST',
        url: '/api/behavioral-rules',
        payload: payload as Record<string, unknown>,
      })
    ).json() as Rule;
  const rule = async (id: string) =>
    (await client.inject({ method: 'GET', url: `/api/behavioral-rules/${id}` })).json() as Rule;
  const remove = (id: string) =>
    client.inject({ method: 'DELETE', url: `/api/behavioral-rules/${id}` });
  const pending = async () =>
    (
      (await client.inject({ method: 'GET', url: '/api/behavioral-rules/pending' })).json() as {
        proposals: Proposal[];
      }
    ).proposals;
  const healthQueue = async () =>
    (await t.app.inject({ method: 'GET', url: '/health' })).json().components.queues
      .behavioral_pending;
  const decide = (id: string, verb: 'approve' | 'reject', payload?: object) =>
    client.inject({
      method: 'POST',
      url: `/api/behavioral-rules/pending/${id}/${verb}`,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  return {
    app: () => t.app,
    client: () => client,
    chat,
    create,
    rule,
    remove,
    pending,
    healthQueue,
    decide,
  };
}
