import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrokerFixture, startBrokerFixture, TEST_TOKEN } from './testing/broker-fixture.js';

const fixture = await startBrokerFixture({
  BROKER_ACTION_BUDGET: '3',
  BROKER_ACTION_WINDOW: '10m',
});

describe.skipIf(!fixture)('agent-broker: the five calls against a real engine', () => {
  let f: BrokerFixture;
  beforeAll(() => {
    f = fixture as BrokerFixture;
  });
  afterAll(() => f?.close());

  it('lists only the containers the operator allows, with secret labels redacted', async () => {
    const answer = await f.call('GET', '/containers/list');
    expect(answer.status).toBe(200);
    const { containers } = answer.json();
    const byName = Object.fromEntries(containers.map((c: { name: string }) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['idle', 'web']);
    expect(byName.web).toMatchObject({ id: f.ids.web, state: 'running' });
    expect(byName.idle.state).toBe('created');
    expect(byName.web.labels).toMatchObject({ 'api.token': '[redacted]', tier: 'frontend' });
    expect(answer.body).not.toContain('label-secret-value');

    const running = (await f.call('GET', '/containers/list?all=false')).json();
    expect(running.containers.map((c: { name: string }) => c.name)).toEqual(['web']);
  });

  it('inspects a container without its secrets or the host paths', async () => {
    const answer = await f.call('GET', '/containers/web/inspect');
    expect(answer.status).toBe(200);
    const { container } = answer.json();
    expect(container).toMatchObject({
      Id: f.ids.web,
      Name: 'web',
      State: { Status: 'running', Running: true },
      Config: {
        Env: expect.arrayContaining(['DATABASE_PASSWORD=[redacted]', 'MODE=[redacted]']),
        Labels: { 'api.token': '[redacted]', tier: 'frontend' },
      },
      Mounts: [{ Type: 'bind', Source: '[redacted]', Destination: '/host-folder', RW: false }],
    });
    for (const leak of ['env-secret-value', 'label-secret-value', 'production', f.engine.root])
      expect(answer.body).not.toContain(leak);
    expect(container).not.toHaveProperty('GraphDriver');
    expect(container).not.toHaveProperty('HostsPath');
  });

  it('reads the logs of both streams', async () => {
    const answer = await f.call('GET', '/containers/web/logs?tail=50');
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({
      name: 'web',
      tail: 50,
      lines: expect.arrayContaining([
        { stream: 'stdout', text: 'ready web' },
        { stream: 'stderr', text: 'warning' },
      ]),
    });
  });

  it('starts a created-but-never-started container and stops it again', async () => {
    const inspect = async () =>
      (await f.call('GET', '/containers/idle/inspect')).json().container.State;
    expect((await inspect()).Status).toBe('created');
    const started = await f.call('POST', '/containers/idle/start');
    expect(started.status).toBe(200);
    expect(started.json()).toMatchObject({
      ok: true,
      action: 'start',
      changed: true,
      state: 'running',
    });
    expect((await inspect()).Running).toBe(true);
    // Asking again changes nothing and says so.
    expect((await f.call('POST', '/containers/idle/start')).json()).toMatchObject({
      changed: false,
    });
    const stopped = await f.call('POST', `/containers/${f.ids.idle?.slice(0, 12)}/stop?timeout=1`);
    expect(stopped.json()).toMatchObject({
      ok: true,
      name: 'idle',
      action: 'stop',
      changed: true,
      state: 'exited',
    });

    // The budget (3 per window here) counts per container, whatever name or id prefix is used.
    const throttled = await f.call('POST', '/containers/idle/start');
    expect(throttled.status).toBe(429);
    expect(throttled.json()).toMatchObject({ error: 'rate_limited' });
    const wait = Number(throttled.headers['retry-after']);
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(600);
    expect(throttled.json().retry_after).toBe(wait);
    expect(f.audit.at(-1)).toMatchObject({
      event: 'broker.refused',
      status: 429,
      reason: 'rate_limited',
    });
    expect((await inspect()).Running).toBe(false);
    // Another container's budget is its own.
    expect((await f.call('POST', '/containers/web/stop?timeout=0')).json()).toMatchObject({
      state: 'exited',
    });
    expect((await f.call('POST', '/containers/web/start')).json()).toMatchObject({
      state: 'running',
    });
  });

  it('refuses containers on the deny list or on no allow list, and names unknown ones', async () => {
    for (const name of ['agent-sqldb', 'stranger']) {
      for (const [method, action] of [
        ['GET', 'inspect'],
        ['GET', 'logs'],
        ['POST', 'stop'],
      ] as const) {
        const answer = await f.call(method, `/containers/${name}/${action}`);
        expect(answer.status).toBe(403);
        expect(answer.json().error).toBe('container_not_allowed');
      }
    }
    expect((await f.call('GET', '/containers/agent-sqldb/inspect')).json().rule).toBe(
      'deny agent-sqldb',
    );
    const state = JSON.parse(
      (await f.engine.api('GET', '/containers/agent-sqldb/json')).body,
    ).State;
    expect(state.Running).toBe(true);
    const missing = await f.call('GET', '/containers/no-such-container/inspect');
    expect(missing.status).toBe(404);
    expect(missing.json().error).toBe('not_found');
  });

  it("never passes the client's headers to the engine", async () => {
    const before = f.recorder.sent.length;
    const answer = await f.call('GET', '/containers/web/inspect', {
      'x-registry-auth': 'eyJ1c2VybmFtZSI6InJvb3QifQ==',
      cookie: 'session=client-cookie',
      'x-forwarded-for': '10.9.9.9',
      'user-agent': 'client-agent/1.0',
    });
    expect(answer.status).toBe(200);
    const engineRequests = f.recorder.sent.slice(before).join('');
    expect(engineRequests).toContain('GET /v1.41/containers/web/json HTTP/1.1');
    for (const leak of [
      'x-registry-auth',
      'cookie',
      'x-forwarded-for',
      'client-agent',
      'authorization',
      'Bearer',
    ])
      expect(engineRequests.toLowerCase()).not.toContain(leak.toLowerCase());
  });

  it('writes one audit line per call, without the token', async () => {
    const before = f.audit.length;
    await f.call('GET', '/containers/web/logs');
    expect(f.audit.slice(before)).toEqual([
      expect.objectContaining({
        event: 'broker.allowed',
        status: 200,
        method: 'GET',
        path: '/containers/web/logs',
        action: 'logs',
        container: 'web',
      }),
    ]);
    expect(JSON.stringify(f.audit)).not.toContain(TEST_TOKEN);
  });
});
