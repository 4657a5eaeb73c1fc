import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisKvStore } from '../../store/kv/redis-kv-store.js';
import { QUEUES } from '../../store/queues.js';
import { openTestSqlStore, redisAvailable, startPrivateRedis } from '../../testing/services.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { detectCorrection } from '../behavioral/correction.js';
import { computeCpi } from './cpi.js';

const redisUp = await redisAvailable();
const HEALTH_KEYS = ['status', 'version', 'components'];
const COMPONENT_KEYS = [
  'model',
  'kvstore',
  'sqldb',
  'browser',
  'queues',
  'active_work',
  'cpi',
  'cpi_high',
  'broker',
  'memory',
  'sandbox',
];

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        const fail = async () => {
          throw new Error('broken on purpose');
        };
        app.get('/api/test/fail', fail);
        app.get('/test/public-fail', { config: { access: 'public' } }, fail);
      },
    });
  });
  afterAll(() => t.close());

  it('answers without a session, with exactly the fields of the health table', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([...HEALTH_KEYS].sort());
    expect(Object.keys(body.components).sort()).toEqual([...COMPONENT_KEYS].sort());
    expect(Object.keys(body.components.model).sort()).toEqual(['name', 'provider', 'status']);
    expect(Object.keys(body.components.browser).sort()).toEqual(['active_sessions', 'status']);
    expect(Object.keys(body.components.queues).sort()).toEqual([
      'behavioral_pending',
      'events_incoming',
      'events_outgoing',
    ]);
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      components: {
        sqldb: { status: 'ok' },
        kvstore: { status: 'ok' },
        model: { status: 'unconfigured' },
        broker: { status: 'unconfigured' },
        memory: { status: 'ok', recall: 'lexical', vector_search: 'pgvector' },
      },
    });
    expect(body.components.cpi).toBeGreaterThanOrEqual(0);
    expect(body.components.cpi).toBeLessThanOrEqual(100);
  });

  it('names the sandbox in force, as the details the dashboard reads do', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    const client = await t.login();
    const details = (await client.inject({ method: 'GET', url: '/api/health/details' })).json();
    expect(details.sandbox?.mode).toMatch(/^(bubblewrap|uid|none)$/);
    expect(health.components.sandbox).toEqual({ status: 'ok', mode: details.sandbox.mode });
  });

  it('shows the work in flight by kind, counting the operator’s requests only', async () => {
    const anonymous = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(anonymous.components.active_work).toEqual({
      http: 0,
      chat_streams: 0,
      live_streams: 0,
      goal_tasks: 0,
      agent_runs: 0,
      schedules: 0,
      integration_calls: 0,
      browser_sessions: 0,
    });
    // The operator's own request is running while its report is built.
    const client = await t.login();
    const signedIn = (await client.inject({ method: 'GET', url: '/health' })).json();
    expect(signedIn.components.active_work.http).toBe(1);
    const details = (await client.inject({ method: 'GET', url: '/api/health/details' })).json();
    expect(details.signals.active_work).toEqual(details.health.components.active_work);
    expect(details.signals.active_work.http).toBe(1);
  });

  it('weighs the operator’s failed responses in the error rate, never anonymous ones', async () => {
    const client = await t.login();
    const errorRate = async () =>
      (await client.inject({ method: 'GET', url: '/api/health/details' })).json().signals
        .error_rate;
    expect(await errorRate()).toBe(0);
    for (let i = 0; i < 40; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/test/public-fail' });
      expect(response.statusCode).toBe(500);
    }
    expect(await errorRate()).toBe(0);
    for (let i = 0; i < 5; i++) await client.inject({ method: 'GET', url: '/api/test/fail' });
    // Five failures among fewer than twenty responses weigh as five in twenty.
    expect(await errorRate()).toBe(0.25);
  });

  it('reports real queue depths, and the CPI rises with them', async () => {
    // The dispatcher would drain the queues while the test reads them.
    await t.app.eventQueue.stop();
    for (let i = 0; i < 3; i++) await t.kv.push(QUEUES.eventsIncoming, `event-${i}`);
    // Behavioral proposals wait in SQL; health counts them through the module's probe.
    const correction = detectCorrection('Never paste API keys into the chat.');
    if (!correction) throw new Error('expected a correction');
    await t.app.behavioralProposals.propose(correction, {
      message: 'Never paste API keys into the chat.',
      chatId: 'health',
      actor: 'admin',
    });
    let body = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(body.components.queues).toEqual({
      events_incoming: 4, // three pushed, and the proposal's own notification event

      events_outgoing: 0,
      behavioral_pending: 1,
    });
    for (let i = 0; i < 500; i++) await t.kv.push(QUEUES.eventsOutgoing, 'x');
    body = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(body.components.cpi).toBe(100);
    expect(body.components.cpi_high).toBe(true);
    await t.kv.clearQueues('*');
  });

  it('is degraded (still 200) when an optional part fails', async () => {
    t.app.health.setModelProbe(async () => {
      throw new Error('model server refused');
    });
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      components: { model: { status: 'error' } },
    });
    t.app.health.setModelProbe(async () => ({
      status: 'unconfigured',
      provider: 'none',
      name: '',
    }));
  });

  it('gives a browser the dashboard page instead of JSON', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { accept: 'text/html' },
    });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login?next=%2Fhealth');
    const client = await t.login();
    const page = await client.inject({
      method: 'GET',
      url: '/health',
      headers: { accept: 'text/html' },
    });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('serves the details behind the CPI to a signed-in operator', async () => {
    const client = await t.login();
    const details = (await client.inject({ method: 'GET', url: '/api/health/details' })).json();
    expect(details.stores).toEqual({ sql: 'pglite', kv: 'sql' });
    expect(details.memory.rss_bytes).toBeGreaterThan(0);
    expect(details.memory.heap_limit_bytes).toBeGreaterThan(details.memory.heap_used_bytes);
    expect(details.signals.cpi_high_threshold).toBe(80);
    expect(Object.keys(details.signals.normalised).sort()).toEqual([
      'activeWork',
      'errorRate',
      'memoryRatio',
      'queueDepth',
    ]);
    expect(details.warnings).toEqual([]);
  });

  it('warns in the details, and audits, while the untrusted content guard is off', async () => {
    const client = await t.login();
    const off = await client.inject({
      method: 'PUT',
      url: '/api/config/flags/untrusted_content_guard',
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    try {
      const details = (await client.inject({ method: 'GET', url: '/api/health/details' })).json();
      expect(details.warnings).toEqual([
        { code: 'untrusted_content_guard_off', message: expect.stringContaining('FULL mode') },
      ]);
      // The public report does not tell an anonymous caller that the guard is down.
      const report = await t.app.inject({ method: 'GET', url: '/health' });
      expect(report.body).not.toContain('untrusted_content_guard');
      const audit = await client.inject({
        method: 'GET',
        url: '/api/audit?action=config.flag_change&limit=1',
      });
      expect(audit.json().entries[0]).toMatchObject({
        actor: 'admin',
        target: 'untrusted_content_guard',
        detail: { from: true, to: false },
      });
    } finally {
      await client.inject({
        method: 'PUT',
        url: '/api/config/flags/untrusted_content_guard',
        payload: { enabled: true },
      });
    }
    const details = (await client.inject({ method: 'GET', url: '/api/health/details' })).json();
    expect(details.warnings).toEqual([]);
  });
});

describe('GET /health with a store stopped', () => {
  it('is 503 down when the SQL database stops', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      await t.sql.close();
      const response = await t.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'down',
        components: { sqldb: { status: 'error' } },
      });
    } finally {
      await t.close();
    }
  });

  it.runIf(redisUp)('is 503 down when the Redis server stops', async () => {
    const redis = await startPrivateRedis();
    const sql = await openTestSqlStore('pglite');
    const kv = await RedisKvStore.connect(redis.url);
    const { buildApp } = await import('../../app.js');
    const { loadConfig } = await import('../../config/index.js');
    const config = loadConfig({
      DATA_DIR: sql.dataDir,
      LOG_LEVEL: 'silent',
      DASHBOARD_PASSWORD: 'password-123',
      DASHBOARD_SECRET: 'c'.repeat(64),
    });
    const app = await buildApp({
      config,
      secret: 'c'.repeat(64),
      sql,
      kv,
      announceCredentials: () => {},
    });
    try {
      expect(
        (await app.inject({ method: 'GET', url: '/health' })).json().components.kvstore.status,
      ).toBe('ok');
      await redis.stop();
      const response = await app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'down',
        components: { kvstore: { status: 'error' }, sqldb: { status: 'ok' } },
      });
    } finally {
      await app.close();
      await kv.close();
      await sql.destroy();
    }
  });
});

describe('computeCpi', () => {
  const calm = { queueDepth: 0, activeWork: 0, errorRate: 0, memoryRatio: 0.1 };
  it('is 0 when calm and rises to 100 when any one signal saturates', () => {
    expect(computeCpi(calm)).toBe(0);
    expect(computeCpi({ ...calm, queueDepth: 250 })).toBe(50);
    expect(computeCpi({ ...calm, queueDepth: 10_000 })).toBe(100);
    expect(computeCpi({ ...calm, activeWork: 32 })).toBe(100);
    expect(computeCpi({ ...calm, errorRate: 0.125 })).toBe(50);
    expect(computeCpi({ ...calm, memoryRatio: 0.95 })).toBe(100);
    expect(computeCpi({ ...calm, memoryRatio: 0.4 })).toBe(0);
  });
});
