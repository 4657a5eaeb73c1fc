import { generateText } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { FakeModelServer } from '../../testing/fakes/index.js';
import { startFakeAnthropic, startFakeOpenAi } from '../../testing/fakes/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const OPENAI_KEY = 'sk-fake-default-openai-key-0123456';
const ANTHROPIC_KEY = 'sk-ant-fake-default-key-abcdef0123';

describe('the default model: resolution order and health', () => {
  let t: TestApp | undefined;
  let openai: FakeModelServer;
  let ollama: FakeModelServer;
  let anthropic: FakeModelServer;
  let deadUrl: string;

  /** No model variable carries over from the previous start unless named again. */
  const UNSET = {
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    ANTHROPIC_API_KEY: undefined,
    OLLAMA_URL: undefined,
    DEFAULT_MODEL: undefined,
  };
  /** The app on the file's stores with exactly these model variables, and a signed-in client. */
  const start = async (env: Record<string, string>) => {
    t = t ? await t.restart({ ...UNSET, ...env }) : await createTestApp({ env });
    return { app: t.app, client: await t.login() };
  };
  const openaiEnv = () => ({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.baseUrl });
  const ollamaEnv = () => ({ OLLAMA_URL: ollama.baseUrl.replace(/\/v1$/, '') });

  beforeAll(async () => {
    [openai, ollama, anthropic] = await Promise.all([
      // OpenAI lists models that cannot chat first; the fallback must skip them.
      startFakeOpenAi({ apiKey: OPENAI_KEY, models: ['whisper-1', 'dall-e-3', 'gpt-4o-mini'] }),
      startFakeOpenAi({ models: ['llama3.1:8b'] }),
      startFakeAnthropic({ apiKey: ANTHROPIC_KEY, models: ['claude-haiku-4-5'] }),
    ]);
    const dead = await startFakeOpenAi();
    deadUrl = dead.baseUrl;
    await dead.close();
  });
  afterEach(() => {
    for (const fake of [openai, ollama, anthropic]) fake.requests.length = 0;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai.close(), ollama.close(), anthropic.close()]);
  });

  it('is null and unconfigured without any provider', async () => {
    const app = await start({});
    expect(await app.app.models.resolveDefault()).toBeNull();
    expect(await app.app.models.health()).toEqual({
      status: 'unconfigured',
      provider: 'none',
      name: '',
    });
    const health = (await app.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.components.model).toEqual({ status: 'unconfigured', provider: 'none', name: '' });
  });

  it("falls back to the first provider's first chat model, and that model answers", async () => {
    const app = await start({ ...ollamaEnv(), ...openaiEnv() });
    const resolved = await app.app.models.resolveDefault();
    expect(resolved).toMatchObject({
      providerId: 'openai',
      kind: 'openai',
      modelName: 'gpt-4o-mini',
    });
    if (!resolved) throw new Error('no default model');
    openai.queue({ text: 'hello from the default' });
    const reply = await generateText({ model: await resolved.languageModel(), prompt: 'hi' });
    expect(reply.text).toBe('hello from the default');
    const call = openai.requests.at(-1);
    // Through /chat/completions: compatible servers have no /responses endpoint.
    expect(call).toMatchObject({ path: '/v1/chat/completions', body: { model: 'gpt-4o-mini' } });
    expect(call?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('skips an unreachable provider, and fails loudly when none answers', async () => {
    let app = await start({ OPENAI_BASE_URL: deadUrl, ...ollamaEnv() });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'ollama',
      kind: 'openai_compatible',
      modelName: 'llama3.1:8b',
    });
    app = await start({ OPENAI_BASE_URL: deadUrl });
    await expect(app.app.models.resolveDefault()).rejects.toMatchObject({
      code: 'upstream_error',
    });
  });

  it('uses the dashboard choice over the first provider, with the key from the vault', async () => {
    const app = await start({ ...openaiEnv() });
    await app.client.inject({
      method: 'POST',
      url: '/api/models/providers',
      payload: {
        provider_id: 'claude',
        kind: 'anthropic',
        label: 'Claude',
        base_url: anthropic.baseUrl,
        api_key: ANTHROPIC_KEY,
      },
    });
    await app.client.inject({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'claude', model: 'claude-haiku-4-5' },
    });
    const resolved = await app.app.models.resolveDefault();
    expect(resolved).toMatchObject({
      providerId: 'claude',
      kind: 'anthropic',
      modelName: 'claude-haiku-4-5',
      // Anthropic's API, but at a server of our own: not billed at list price.
      billed: false,
    });
    if (!resolved) throw new Error('no default model');
    anthropic.queue({ text: 'bonjour', usage: { input: 7, output: 3 } });
    const reply = await generateText({ model: await resolved.languageModel(), prompt: 'hi' });
    expect(reply.text).toBe('bonjour');
    expect(reply.usage).toMatchObject({ inputTokens: 7, outputTokens: 3 });
    expect(anthropic.requests.at(-1)?.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(app.app.models.costUsd(resolved.modelName, { input: 7, output: 3 })).toBeCloseTo(
      (7 * 1 + 3 * 5) / 1e6,
      12,
    );
    // No catalog was read: the choice names its model.
    expect(openai.requests).toHaveLength(0);
  });

  it('reuses a resolution briefly, but sees a change made here at once', async () => {
    const app = await start({ ...openaiEnv() });
    const first = await app.app.models.resolveDefault();
    expect(await app.app.models.resolveDefault()).toBe(first);
    expect(first?.modelName).toBe('claude-haiku-4-5');
    await app.client.inject({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'openai', model: 'gpt-4o' },
    });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'openai',
      modelName: 'gpt-4o',
    });
    await app.client.inject({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'claude', model: 'claude-haiku-4-5' },
    });
  });

  it('lets DEFAULT_MODEL win over the dashboard choice; a dangling one is skipped', async () => {
    let app = await start({ ...openaiEnv(), DEFAULT_MODEL: 'openai/gpt-4o' });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'openai',
      modelName: 'gpt-4o',
    });
    app = await start({ ...openaiEnv(), DEFAULT_MODEL: 'ollama/llama3.1:8b' });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'claude',
      modelName: 'claude-haiku-4-5',
    });
  });

  it('bills only the vendor APIs at their own URL, resolving DEFAULT_MODEL without a call', async () => {
    const vendorEnv = { OPENAI_API_KEY: OPENAI_KEY, ANTHROPIC_API_KEY: ANTHROPIC_KEY };
    let app = await start({ ...vendorEnv, DEFAULT_MODEL: 'openai/gpt-4o' });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'openai',
      kind: 'openai',
      modelName: 'gpt-4o',
      billed: true,
    });
    app = await start({ ...vendorEnv, DEFAULT_MODEL: 'anthropic/claude-haiku-4-5' });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'anthropic',
      kind: 'anthropic',
      modelName: 'claude-haiku-4-5',
      billed: true,
    });
    const list = (await app.client.inject({ method: 'GET', url: '/api/models' })).json();
    expect(list.providers).toEqual([
      {
        provider_id: 'openai',
        kind: 'openai',
        label: 'OpenAI',
        base_url: 'https://api.openai.com/v1',
        source: 'env',
        env_vars: ['OPENAI_API_KEY'],
        has_key: true,
      },
      {
        provider_id: 'anthropic',
        kind: 'anthropic',
        label: 'Anthropic',
        base_url: 'https://api.anthropic.com/v1',
        source: 'env',
        env_vars: ['ANTHROPIC_API_KEY'],
        has_key: true,
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
    ]);
    expect(list.default).toEqual({ provider_id: 'anthropic', model: 'claude-haiku-4-5' });
    expect(list.default_source).toBe('env');

    // The same kind at another URL (an OpenAI-compatible server), or a compatible provider.
    app = await start({ ...openaiEnv(), ...ollamaEnv(), DEFAULT_MODEL: 'openai/gpt-4o' });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'openai',
      kind: 'openai',
      billed: false,
    });
    app = await start({ ...openaiEnv(), ...ollamaEnv(), DEFAULT_MODEL: 'ollama/llama3.1:8b' });
    expect(await app.app.models.resolveDefault()).toMatchObject({
      providerId: 'ollama',
      kind: 'openai_compatible',
      billed: false,
    });
    // Resolving a named model reads no catalog.
    for (const fake of [openai, ollama, anthropic]) expect(fake.requests).toHaveLength(0);
  });

  it('reports health ok with the provider and model, cached so /health stays cheap', async () => {
    const app = await start({ ...openaiEnv() });
    const expected = { status: 'ok', provider: 'claude', name: 'claude-haiku-4-5' };
    expect(await app.app.models.health()).toEqual(expected);
    const health = (await app.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.components.model).toEqual(expected);
    expect(health.status).toBe('ok');
    // One catalog read for both calls.
    expect(anthropic.requests.filter((r) => r.path === '/v1/models')).toHaveLength(1);
  });

  it('reports health error (and /health degraded) when the provider stops answering', async () => {
    const doomed = await startFakeOpenAi({ models: ['qwen2.5'] });
    // Probing at every call takes an app of its own (a restart keeps the options): fresh
    // stores, so the OpenAI provider is the only one and no default is chosen.
    const app = await createTestApp({
      env: { OPENAI_BASE_URL: doomed.baseUrl },
      modelsOptions: { healthTtlMs: 0 },
    });
    onTestFinished(() => app.close());
    expect(await app.app.models.health()).toEqual({
      status: 'ok',
      provider: 'openai',
      name: 'qwen2.5',
    });
    await doomed.close();
    expect(await app.app.models.health()).toEqual({
      status: 'error',
      provider: 'openai',
      name: '',
    });
    const response = await app.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      components: { model: { status: 'error', provider: 'openai' } },
    });
  });
});
