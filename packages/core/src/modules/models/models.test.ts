import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const KEY_ONE = 'sk-dashboard-key-one-9f8e7d6c5b4a';
const KEY_TWO = 'sk-dashboard-key-two-1a2b3c4d5e6f';
const ENV = {
  OPENAI_API_KEY: 'sk-env-openai-key-0123456789abcdef',
  OLLAMA_URL: 'http://127.0.0.1:11434/',
};

describe('models API: providers and the default', () => {
  let t: TestApp;
  let client: Client;
  const call = (options: InjectOptions) => client.inject(options);

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the environment providers as read-only, and no default', async () => {
    const response = await call({ method: 'GET', url: '/api/models' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [
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
          provider_id: 'ollama',
          kind: 'openai_compatible',
          label: 'Ollama',
          base_url: 'http://127.0.0.1:11434/v1',
          source: 'env',
          env_vars: ['OLLAMA_URL'],
          has_key: false,
        },
      ],
      default: null,
      default_source: null,
    });
  });

  it('adds a provider, keeps its key in the vault only, and lists it after the env ones', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/models/providers',
      payload: {
        provider_id: 'local-vllm',
        kind: 'openai_compatible',
        label: 'vLLM box',
        base_url: 'http://10.0.0.5:8000/v1/',
        api_key: KEY_ONE,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      provider_id: 'local-vllm',
      kind: 'openai_compatible',
      label: 'vLLM box',
      base_url: 'http://10.0.0.5:8000/v1',
      source: 'dashboard',
      env_vars: [],
      has_key: true,
    });
    expect(await t.app.vault.get('models/local-vllm/api_key')).toBe(KEY_ONE);
    const list = (await call({ method: 'GET', url: '/api/models' })).json();
    expect(list.providers.map((p: { provider_id: string }) => p.provider_id)).toEqual([
      'openai',
      'ollama',
      'local-vllm',
    ]);

    const anthropic = await call({
      method: 'POST',
      url: '/api/models/providers',
      payload: { provider_id: 'claude', kind: 'anthropic', label: 'Claude' },
    });
    expect(anthropic.json()).toMatchObject({
      base_url: 'https://api.anthropic.com/v1',
      source: 'dashboard',
      env_vars: [],
      has_key: false,
    });
  });

  it('refuses a taken or reserved id with 409 provider_exists', async () => {
    for (const provider_id of ['local-vllm', 'openai', 'anthropic', 'ollama']) {
      const response = await call({
        method: 'POST',
        url: '/api/models/providers',
        payload: { provider_id, kind: 'openai', label: 'x', api_key: KEY_TWO },
      });
      expect(response.statusCode, provider_id).toBe(409);
      expect(response.json()).toMatchObject({ error: 'provider_exists' });
    }
    // The refused key did not overwrite the stored one.
    expect(await t.app.vault.get('models/local-vllm/api_key')).toBe(KEY_ONE);
  });

  it('validates the body: base_url required for openai_compatible, safe ids and URLs', async () => {
    const post = (payload: Record<string, unknown>) =>
      call({ method: 'POST', url: '/api/models/providers', payload });
    const missing = await post({ provider_id: 'compat', kind: 'openai_compatible', label: 'C' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'validation_error',
      details: [expect.objectContaining({ path: '/base_url' })],
    });
    const bad = [
      { provider_id: 'Bad Id', kind: 'openai', label: 'x' },
      { provider_id: 'x'.repeat(41), kind: 'openai', label: 'x' },
      { provider_id: 'ok', kind: 'gemini', label: 'x' },
      { provider_id: 'ok', kind: 'openai', label: '' },
      { provider_id: 'ok', kind: 'openai', label: 'x', base_url: 'file:///etc/passwd' },
      { provider_id: 'ok', kind: 'openai', label: 'x', base_url: 'http://u:p@host/v1' },
    ];
    for (const payload of bad) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    expect((await t.app.models.listProviders()).map((p) => p.provider_id)).not.toContain('ok');
  });

  it('updates label, base URL and key; an empty or null key removes it', async () => {
    const patch = (payload: Record<string, unknown>, id = 'local-vllm') =>
      call({ method: 'PATCH', url: `/api/models/providers/${id}`, payload });
    let response = await patch({ label: 'vLLM (rack 2)', base_url: 'http://10.0.0.6:8000/v1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      label: 'vLLM (rack 2)',
      base_url: 'http://10.0.0.6:8000/v1',
      has_key: true,
    });
    response = await patch({ api_key: KEY_TWO });
    expect(response.json().has_key).toBe(true);
    expect(await t.app.vault.get('models/local-vllm/api_key')).toBe(KEY_TWO);
    response = await patch({ api_key: '' });
    expect(response.json().has_key).toBe(false);
    expect(await t.app.vault.has('models/local-vllm/api_key')).toBe(false);
    await patch({ api_key: KEY_ONE });
    response = await patch({ api_key: null });
    expect(response.json().has_key).toBe(false);

    const unremovable = await patch({ base_url: null });
    expect(unremovable.statusCode).toBe(400);
    expect(unremovable.json().error).toBe('validation_error');
    const reset = await patch({ base_url: null }, 'claude');
    expect(reset.json().base_url).toBe('https://api.anthropic.com/v1');
  });

  it('refuses changes to env providers (409) and unknown ids (404)', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const env = await call({
        method,
        url: '/api/models/providers/openai',
        ...(method === 'PATCH' ? { payload: { label: 'mine' } } : {}),
      });
      expect(env.statusCode).toBe(409);
      expect(env.json()).toMatchObject({ error: 'provider_managed_by_env' });
      const unknown = await call({
        method,
        url: '/api/models/providers/nope',
        ...(method === 'PATCH' ? { payload: { label: 'x' } } : {}),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('sets the default; an unknown provider is 404', async () => {
    const set = await call({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'local-vllm', model: 'qwen2.5-7b' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ default: { provider_id: 'local-vllm', model: 'qwen2.5-7b' } });
    const list = (await call({ method: 'GET', url: '/api/models' })).json();
    expect(list.default).toEqual({ provider_id: 'local-vllm', model: 'qwen2.5-7b' });
    expect(list.default_source).toBe('dashboard');
    const unknown = await call({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'ghost', model: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a provider with its key, and clears the default that pointed at it', async () => {
    await call({
      method: 'PATCH',
      url: '/api/models/providers/local-vllm',
      payload: { api_key: KEY_ONE },
    });
    const removed = await call({ method: 'DELETE', url: '/api/models/providers/local-vllm' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await t.app.vault.has('models/local-vllm/api_key')).toBe(false);
    const list = (await call({ method: 'GET', url: '/api/models' })).json();
    expect(list.default).toBeNull();
    expect(list.default_source).toBeNull();
    expect(list.providers.map((p: { provider_id: string }) => p.provider_id)).toEqual([
      'openai',
      'ollama',
      'claude',
    ]);
    const again = await call({ method: 'DELETE', url: '/api/models/providers/local-vllm' });
    expect(again.statusCode).toBe(404);
  });

  it('lets DEFAULT_MODEL win and refuses to change the default while it is set', async () => {
    t = await t.restart({ DEFAULT_MODEL: 'ollama/llama3.1:8b' });
    client = await t.login();
    const list = (await call({ method: 'GET', url: '/api/models' })).json();
    expect(list.default).toEqual({ provider_id: 'ollama', model: 'llama3.1:8b' });
    expect(list.default_source).toBe('env');
    const refused = await call({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'openai', model: 'gpt-4o' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'default_managed_by_env' });
  });
});
