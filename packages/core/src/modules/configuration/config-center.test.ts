import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

/** Flags and parameters through the HTTP API: views, changes, their audit rows and effect. */
describe('configuration center API: flags and parameters', () => {
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
        MODEL_MAX_STEPS: '7',
      },
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const send = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    client.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
  const lastAudit = async (action: string) => {
    await t.app.audit.flush();
    return (await t.app.audit.list({ limit: 1, action })).entries[0];
  };

  it('lists the twelve flags, all on', async () => {
    const response = await send('GET', '/api/config/flags');
    expect(response.statusCode).toBe(200);
    const { flags } = response.json();
    expect(flags).toHaveLength(12);
    expect(flags[0]).toEqual({
      name: 'model_free_tiers',
      enabled: true,
      doc: expect.any(String),
      updated_at: null,
      updated_by: null,
    });
  });

  it('turns model_free_tiers off so "2+2" goes to the model, audited, and back on', async () => {
    const chat = async () =>
      (
        await client.inject({
          method: 'POST',
          url: '/chat',
          payload: { text: '2+2', chat_id: 'flags' },
        })
      ).json().tier;
    expect(await chat()).toBe('fast_path');
    const off = await send('PUT', '/api/config/flags/model_free_tiers', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      name: 'model_free_tiers',
      enabled: false,
      updated_by: 'admin',
    });
    expect(await chat()).toBe('llm_loop');
    expect(await lastAudit('config.flag_change')).toMatchObject({
      actor: 'admin',
      target: 'model_free_tiers',
      detail: { from: true, to: false },
      request_id: expect.any(String),
    });
    await send('PUT', '/api/config/flags/model_free_tiers', { enabled: true });
    expect(await chat()).toBe('fast_path');
  });

  it('answers 404 for an unknown flag and 400 for a bad body', async () => {
    const unknown = await send('PUT', '/api/config/flags/teleport', { enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('not_found');
    for (const payload of [{ enabled: 'yes' }, {}]) {
      const bad = await send('PUT', '/api/config/flags/browser', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('validation_error');
    }
  });

  it('lists parameters with bounds and sources', async () => {
    const { parameters } = (await send('GET', '/api/config/parameters')).json();
    expect(parameters.find((p: { name: string }) => p.name === 'model_max_steps')).toEqual({
      name: 'model_max_steps',
      value: 7,
      default: 7,
      source: 'environment',
      doc: expect.any(String),
      unit: 'count',
      min: 1,
      max: 50,
      live: true,
      updated_at: null,
      updated_by: null,
    });
  });

  it('sets a parameter, applies it to the next request, and returns it to the environment', async () => {
    const set = await send('PUT', '/api/config/parameters/model_max_steps', { value: 1 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ value: 1, source: 'operator', updated_by: 'admin' });
    expect(await lastAudit('config.parameter_change')).toMatchObject({
      target: 'model_max_steps',
      detail: { from: 7, to: 1, source: 'operator' },
    });
    const before = model.requests.length;
    model.queue(
      { toolCalls: [{ name: 'calculate', input: { expression: '1+1' } }] },
      { text: 'never asked' },
    );
    await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'add one and one with the tool', chat_id: 'parameters' },
    });
    expect(model.requests.length - before).toBe(1);
    const reset = await send('PUT', '/api/config/parameters/model_max_steps', { value: null });
    expect(reset.json()).toMatchObject({ value: 7, source: 'environment' });
  });

  it('refuses out-of-bounds values with details, unknown names with 404', async () => {
    const high = await send('PUT', '/api/config/parameters/model_max_steps', { value: 51 });
    expect(high.statusCode).toBe(400);
    expect(high.json()).toEqual({
      error: 'validation_error',
      message: expect.any(String),
      details: [{ path: '/value', message: 'must be a whole number from 1 to 50' }],
    });
    const fraction = await send('PUT', '/api/config/parameters/model_max_steps', { value: 2.5 });
    expect(fraction.statusCode).toBe(400);
    const missing = await send('PUT', '/api/config/parameters/model_max_steps', {});
    expect(missing.statusCode).toBe(400);
    const unknown = await send('PUT', '/api/config/parameters/warp_factor', { value: 9 });
    expect(unknown.statusCode).toBe(404);
    expect(await t.app.configuration.parameter('model_max_steps')).toBe(7);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await send('GET', '/api/openapi.json')).json();
    for (const [path, method] of [
      ['/api/config/flags', 'get'],
      ['/api/config/flags/{name}', 'put'],
      ['/api/config/parameters', 'get'],
      ['/api/config/parameters/{name}', 'put'],
      ['/api/config/prime', 'get'],
      ['/api/config/prime', 'put'],
      ['/api/config/prime/history', 'get'],
      ['/api/config/prime/history/{version}', 'get'],
      ['/api/config/prime/restore/{version}', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('needs a session and a CSRF token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/config/flags' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/config/flags/browser',
      headers: { cookie: client.cookie },
      payload: { enabled: false },
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.app.configuration.flag('browser')).toBe(true);
  });
});
