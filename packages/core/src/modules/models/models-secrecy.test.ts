import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const ENV_KEY = 'sk-env-openai-key-secrecy-0123456789';
const KEY_ONE = 'sk-dashboard-secrecy-one-9f8e7d6c5b4a';
const KEY_TWO = 'sk-dashboard-secrecy-two-1a2b3c4d5e6f';
const KEYS = [ENV_KEY, KEY_ONE, KEY_TWO];

describe('models API: audit, key secrecy and access', () => {
  let t: TestApp;
  let client: Client;
  /** Every response body, to prove no key ever leaves in one. */
  const bodies: string[] = [];
  const call = async (options: InjectOptions) => {
    const response = await client.inject(options);
    bodies.push(response.body);
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { OPENAI_API_KEY: ENV_KEY } });
    client = await t.login();
    // One of each change, in this order.
    const steps: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/models/providers',
        payload: { provider_id: 'box', kind: 'openai', label: 'Box', api_key: KEY_ONE },
      },
      { method: 'PATCH', url: '/api/models/providers/box', payload: { api_key: KEY_TWO } },
      { method: 'PATCH', url: '/api/models/providers/box', payload: { label: 'Box 2' } },
      { method: 'PUT', url: '/api/models/default', payload: { provider_id: 'box', model: 'm1' } },
      { method: 'PATCH', url: '/api/models/providers/box', payload: { api_key: '' } },
      { method: 'DELETE', url: '/api/models/providers/box' },
      {
        method: 'POST',
        url: '/api/models/providers',
        payload: { provider_id: 'kept', kind: 'openai', label: 'Kept', api_key: KEY_ONE },
      },
    ];
    for (const step of steps) {
      const response = await call(step);
      if (response.statusCode >= 300)
        throw new Error(`${step.method} ${step.url}: ${response.body}`);
    }
    await call({ method: 'GET', url: '/api/models' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('audits every change with actor, target, request id and what changed', async () => {
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 500, action: 'models.*' });
    expect(
      entries.map((e) => ({ action: e.action, target: e.target, detail: e.detail })).reverse(),
    ).toEqual([
      {
        action: 'models.provider_add',
        target: 'box',
        detail: {
          kind: 'openai',
          label: 'Box',
          base_url: 'https://api.openai.com/v1',
          has_key: true,
        },
      },
      {
        action: 'models.provider_update',
        target: 'box',
        detail: expect.objectContaining({ changed: ['api_key'], key: 'set' }),
      },
      {
        action: 'models.provider_update',
        target: 'box',
        detail: expect.objectContaining({ changed: ['label'], key: 'unchanged', label: 'Box 2' }),
      },
      {
        action: 'models.default_set',
        target: 'box',
        detail: { provider_id: 'box', model: 'm1' },
      },
      {
        action: 'models.provider_update',
        target: 'box',
        detail: expect.objectContaining({ changed: ['api_key'], key: 'removed' }),
      },
      { action: 'models.provider_remove', target: 'box', detail: { default_cleared: true } },
      { action: 'models.provider_add', target: 'kept', detail: expect.any(Object) },
    ]);
    for (const entry of entries) {
      expect(entry.actor).toBe('admin');
      expect(entry.request_id).toEqual(expect.any(String));
    }
    const text = JSON.stringify(entries);
    for (const key of KEYS) expect(text).not.toContain(key);
  });

  it('never returns a key in a response body', () => {
    expect(bodies.length).toBeGreaterThan(7);
    for (const body of bodies) for (const key of KEYS) expect(body).not.toContain(key);
  });

  it('keeps keys out of SQL and encrypted in the key-value store', async () => {
    const rows = await t.sql.db.selectFrom('model_providers').selectAll().execute();
    expect(rows.map((r) => r.provider_id)).toEqual(['kept']);
    const settings = await t.sql.db.selectFrom('settings').selectAll().execute();
    for (const key of KEYS) expect(JSON.stringify([rows, settings])).not.toContain(key);
    const raw = (await t.kv.get('vault:models/kept/api_key')) ?? '';
    expect(raw).not.toBe('');
    expect(raw).not.toContain(KEY_ONE);
    expect(raw).not.toContain(Buffer.from(KEY_ONE).toString('base64'));
    expect(await t.app.vault.get('models/kept/api_key')).toBe(KEY_ONE);
    // The removed provider's key went with it.
    expect(await t.kv.get('vault:models/box/api_key')).toBeNull();
  });

  it('needs a session, and the CSRF token on changes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/models' })).statusCode).toBe(401);
    const forged = await client.inject({
      method: 'PUT',
      url: '/api/models/default',
      payload: { provider_id: 'openai', model: 'gpt-4o' },
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'csrf_invalid' });
  });

  it('is listed in the OpenAPI document under the models tag', async () => {
    const doc = (await client.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths: Record<string, Record<string, { tags: string[] }>> = doc.paths;
    const models = Object.entries(paths).filter(([path]) => path.startsWith('/api/models'));
    expect(models.map(([path]) => path).sort()).toEqual([
      '/api/models',
      '/api/models/default',
      '/api/models/providers',
      '/api/models/providers/{provider_id}',
      '/api/models/providers/{provider_id}/catalog',
      '/api/models/providers/{provider_id}/test',
    ]);
    for (const [, operations] of models) {
      for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['models']);
    }
  });
});
