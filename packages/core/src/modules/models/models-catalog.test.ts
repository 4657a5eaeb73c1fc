import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeModelServer } from '../../testing/fakes/index.js';
import { startFakeAnthropic, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const OPENAI_KEY = 'sk-fake-openai-catalog-key-123456';
const ANTHROPIC_KEY = 'sk-ant-fake-catalog-key-abcdef123456';

describe('models API: catalogs and connection tests against the providers', () => {
  let t: TestApp;
  let client: Client;
  let openai: FakeModelServer;
  let ollama: FakeModelServer;
  let anthropic: FakeModelServer;
  let deadUrl: string;

  const addProvider = (payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/models/providers', payload });
  const catalog = (id: string) =>
    client.inject({ method: 'GET', url: `/api/models/providers/${id}/catalog` });
  const test = (id: string) =>
    client.inject({ method: 'POST', url: `/api/models/providers/${id}/test` });

  beforeAll(async () => {
    [openai, ollama, anthropic] = await Promise.all([
      startFakeOpenAi({ apiKey: OPENAI_KEY, models: ['gpt-4o-mini', 'gpt-4o'] }),
      startFakeOpenAi({ models: ['llama3.1:8b', 'nomic-embed-text'] }),
      startFakeAnthropic({ apiKey: ANTHROPIC_KEY, models: ['claude-sonnet-4-5'] }),
    ]);
    const dead = await startFakeOpenAi();
    deadUrl = dead.baseUrl;
    await dead.close();
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: OPENAI_KEY,
        OPENAI_BASE_URL: openai.baseUrl,
        OLLAMA_URL: ollama.baseUrl.replace(/\/v1$/, ''),
      },
    });
    client = await t.login();
    await addProvider({
      provider_id: 'claude',
      kind: 'anthropic',
      label: 'Claude',
      base_url: anthropic.baseUrl,
      api_key: ANTHROPIC_KEY,
    });
    await addProvider({
      provider_id: 'claude-wrong',
      kind: 'anthropic',
      label: 'Claude, wrong key',
      base_url: anthropic.baseUrl,
      api_key: 'sk-ant-not-the-right-key-000000000',
    });
    await addProvider({
      provider_id: 'gone',
      kind: 'openai_compatible',
      label: 'Nothing listens here',
      base_url: deadUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([openai.close(), ollama.close(), anthropic.close()]);
  });

  it('lists each provider with the environment variables that configure it', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/models' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [
        {
          provider_id: 'openai',
          kind: 'openai',
          label: 'OpenAI-compatible (OPENAI_BASE_URL)',
          base_url: openai.baseUrl,
          source: 'env',
          env_vars: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
          has_key: true,
        },
        {
          provider_id: 'ollama',
          kind: 'openai_compatible',
          label: 'Ollama',
          base_url: ollama.baseUrl,
          source: 'env',
          env_vars: ['OLLAMA_URL'],
          has_key: false,
        },
        {
          provider_id: 'claude',
          kind: 'anthropic',
          label: 'Claude',
          base_url: anthropic.baseUrl,
          source: 'dashboard',
          env_vars: [],
          has_key: true,
        },
        {
          provider_id: 'claude-wrong',
          kind: 'anthropic',
          label: 'Claude, wrong key',
          base_url: anthropic.baseUrl,
          source: 'dashboard',
          env_vars: [],
          has_key: true,
        },
        {
          provider_id: 'gone',
          kind: 'openai_compatible',
          label: 'Nothing listens here',
          base_url: deadUrl,
          source: 'dashboard',
          env_vars: [],
          has_key: false,
        },
      ],
      default: null,
      default_source: null,
    });
  });

  it('reads an OpenAI-style catalog with the Bearer key', async () => {
    const response = await catalog('openai');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ models: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4o' }] });
    const request = openai.requests.at(-1);
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('reads an Ollama catalog at OLLAMA_URL/v1 without a key', async () => {
    const response = await catalog('ollama');
    expect(response.json()).toEqual({
      models: [{ id: 'llama3.1:8b' }, { id: 'nomic-embed-text' }],
    });
    expect(ollama.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("reads Anthropic's catalog with x-api-key and anthropic-version, with display names", async () => {
    const response = await catalog('claude');
    expect(response.json()).toEqual({
      models: [{ id: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5' }],
    });
    const request = anthropic.requests.at(-1);
    expect(request?.headers).toMatchObject({
      'x-api-key': ANTHROPIC_KEY,
      'anthropic-version': '2023-06-01',
    });
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('answers 502 upstream_error with the provider status when the key is wrong', async () => {
    const response = await catalog('claude-wrong');
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body).toMatchObject({ error: 'upstream_error', status: 401 });
    expect(body.message).toContain('invalid x-api-key');
    expect(response.body).not.toContain('sk-ant-not-the-right-key');
  });

  it('answers 502 with status null when nothing listens, and 404 for an unknown id', async () => {
    const response = await catalog('gone');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: 'upstream_error', status: null });
    expect(response.json().message).toContain('Cannot reach');
    expect((await catalog('nope')).statusCode).toBe(404);
  });

  it('tests a provider: ok with the model count and latency', async () => {
    for (const [id, models] of [
      ['openai', 2],
      ['ollama', 2],
      ['claude', 1],
    ] as const) {
      const response = await test(id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, latency_ms: expect.any(Number), models });
    }
  });

  it('reports a failing provider as ok:false with the reason, not as a 5xx', async () => {
    const wrong = await test('claude-wrong');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ ok: false, models: 0 });
    expect(wrong.json().error).toMatch(/401.*invalid x-api-key/);
    const gone = await test('gone');
    expect(gone.json()).toMatchObject({
      ok: false,
      error: expect.stringContaining('Cannot reach'),
    });
    expect((await test('nope')).statusCode).toBe(404);
  });

  it('uses a key changed on the dashboard at the next call', async () => {
    await client.inject({
      method: 'PATCH',
      url: '/api/models/providers/claude-wrong',
      payload: { api_key: ANTHROPIC_KEY },
    });
    expect((await test('claude-wrong')).json().ok).toBe(true);
  });
});
