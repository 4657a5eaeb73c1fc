import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, redisAvailable } from '../../testing/services.js';
import { type Client, clientFor, createTestApp, type TestApp } from '../../testing/test-app.js';

const BOOT_MS = 180_000;
const shared = (await postgresAvailable()) && (await redisAvailable());

/** What the operator changes through one replica governs the next request on another. */
describe.runIf(shared)('operator settings across replicas', () => {
  let a: TestApp;
  let b: TestApp;
  let onA: Client;
  let onB: Client;
  // Two whole apps start, one after the other.
  beforeAll(async () => {
    a = await createTestApp({ sql: 'postgres', kv: 'redis' });
    b = await a.replica();
    onA = await a.login();
    onB = clientFor(b.app, onA.cookie, onA.csrfToken);
  }, BOOT_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const chatOnB = async (chatId: string) =>
    (
      await onB.inject({
        method: 'POST',
        url: '/chat',
        payload: { text: 'what is 6*7', chat_id: chatId },
      })
    ).json() as { tier?: string };

  it('turns a feature flag off on B at its very next request after A changed it', async () => {
    // B has just read its flags (as every request does) when A changes one.
    expect((await chatOnB('flags-1')).tier).toBe('fast_path');
    const off = await onA.inject({
      method: 'PUT',
      url: '/api/config/flags/model_free_tiers',
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    try {
      expect((await chatOnB('flags-2')).tier).not.toBe('fast_path');
      const flags = (await onB.inject({ method: 'GET', url: '/api/config/flags' })).json().flags;
      expect(flags.find((f: { name: string }) => f.name === 'model_free_tiers')).toMatchObject({
        enabled: false,
      });
    } finally {
      await onA.inject({
        method: 'PUT',
        url: '/api/config/flags/model_free_tiers',
        payload: { enabled: true },
      });
    }
    expect((await chatOnB('flags-3')).tier).toBe('fast_path');
  });

  it('shows the autonomy mode, a parameter and the identity A set on B at once', async () => {
    const read = async (url: string) => (await onB.inject({ method: 'GET', url })).json();
    // B caches each of them first.
    expect((await read('/api/autonomy')).mode).toBe('SEMI');
    await read('/api/config/parameters');
    const name = (await read('/api/identity')).name;

    await onA.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode: 'MANUAL' } });
    await onA.inject({
      method: 'PUT',
      url: '/api/config/parameters/confirmation_timeout_ms',
      payload: { value: 90_000 },
    });
    await onA.inject({ method: 'PATCH', url: '/api/identity', payload: { name: 'Replicant' } });
    try {
      expect((await read('/api/autonomy')).mode).toBe('MANUAL');
      const parameters = (await read('/api/config/parameters')).parameters;
      expect(
        parameters.find((p: { name: string }) => p.name === 'confirmation_timeout_ms'),
      ).toMatchObject({ value: 90_000, source: 'operator' });
      expect((await read('/api/identity')).name).toBe('Replicant');
    } finally {
      await onA.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode: 'SEMI' } });
      await onA.inject({
        method: 'PUT',
        url: '/api/config/parameters/confirmation_timeout_ms',
        payload: { value: null },
      });
      await onA.inject({ method: 'PATCH', url: '/api/identity', payload: { name } });
    }
  });
});
