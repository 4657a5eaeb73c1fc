import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeUpstream, startFakeUpstream } from '../../testing/fakes/fake-upstream.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { breakerKey } from './circuit-breaker.js';
import type { DynamicIntegration } from './connector-registry.js';
import { TransportFailure } from './upstream.js';

const TOKEN = 'Bearer generic-token-7f3a9c1e5b';

/** A run-time connector (as an MCP server would be) whose answers the test scripts. */
function scripted(
  answers: Array<() => Promise<{ status?: number; body: unknown }>>,
): DynamicIntegration & { calls: number } {
  const connector = {
    calls: 0,
    id: 'scripted',
    name: 'Scripted',
    category: 'ops' as const,
    fields: [{ name: 'key', label: 'Key', secret: true, example: 'k' }],
    testAction: 'ping',
    rateLimit: { requests: 3, perSeconds: 60 },
    actions: {
      ping: { description: 'Ping.', risk: 'read' as const, input: z.object({}) },
      wipe: {
        description: 'Wipe.',
        risk: 'destructive' as const,
        input: z.object({ what: z.string() }),
      },
    },
    async invoke() {
      connector.calls++;
      const next = answers.shift();
      return next ? next() : { body: { pong: true } };
    },
  };
  return connector;
}

describe('integrations API', () => {
  let t: TestApp;
  let client: Client;
  let fake: FakeUpstream;

  beforeAll(async () => {
    t = await createTestApp({ env: { CB_FAILURE_THRESHOLD: '2', CB_RECOVERY_TIMEOUT: '60s' } });
    client = await t.login();
    fake = await startFakeUpstream({
      auth: {
        type: 'api_key',
        placements: [{ in: 'header', name: 'Authorization', field: 'authorization' }],
      },
      credentials: { authorization: TOKEN },
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.kv.delete(breakerKey('http'));
    await t.app.integrations.pipeline.stateChanged('http');
    await t.app.autonomy.setMode('SEMI', 'test', null);
  });

  const execute = (id: string, body: unknown) =>
    client.inject({
      method: 'POST',
      url: `/api/integrations/${id}/execute`,
      payload: body as object,
    });
  const configureGeneric = async () => {
    expect(
      (
        await client.inject({
          method: 'PUT',
          url: '/api/integrations/http/base-url',
          payload: { base_url: `${fake.url}/api/` },
        })
      ).statusCode,
    ).toBe(200);
    const set = await client.inject({
      method: 'PUT',
      url: '/api/integrations/http/credentials',
      payload: { values: { authorization: TOKEN } },
    });
    expect(set.statusCode).toBe(200);
    return set;
  };

  it('lists connectors with configured state, breaker and stats; shows one with its schemas', async () => {
    const list = await client.inject({ method: 'GET', url: '/api/integrations' });
    expect(list.statusCode).toBe(200);
    const http = list.json().integrations.find((i: { id: string }) => i.id === 'http');
    expect(http).toMatchObject({
      configured: false,
      base_url: null,
      base_url_override: 'required',
      breaker: { state: 'CLOSED', failures: 0 },
      stats: { calls: 0, errors: 0 },
      fields: [{ name: 'authorization', secret: true, set: false, value: null }],
    });
    const one = await client.inject({ method: 'GET', url: '/api/integrations/http' });
    const get = one.json().actions.find((a: { name: string }) => a.name === 'get');
    expect(get).toMatchObject({
      risk: 'read',
      level: 'CONTROLLED',
      needs_confirmation: false,
      method: 'GET',
    });
    expect(get.input_schema.properties.path).toMatchObject({ type: 'string' });
    expect(one.json().actions.find((a: { name: string }) => a.name === 'delete')).toMatchObject({
      level: 'PRIVILEGED',
      needs_confirmation: true,
    });
    expect(
      (await client.inject({ method: 'GET', url: '/api/integrations/nope' })).json(),
    ).toMatchObject({
      error: 'integration_not_found',
    });
  });

  it('keeps credentials write-only: set with the date and last four, never the value', async () => {
    const set = await configureGeneric();
    expect(set.body).not.toContain(TOKEN);
    expect(set.json().fields[0]).toMatchObject({ set: true, last4: TOKEN.slice(-4), value: null });
    const bad = await client.inject({
      method: 'PUT',
      url: '/api/integrations/http/credentials',
      payload: { values: { nope: 'x', authorization: 'a\r\nb' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['/values/authorization', '/values/nope']);
    expect(bad.body).not.toContain('a\r\nb');
    const listed = await client.inject({ method: 'GET', url: '/api/integrations/http' });
    expect(listed.body).not.toContain(TOKEN);
    expect(listed.json()).toMatchObject({ configured: true, base_url: `${fake.url}/api` });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({
      limit: 20,
      action: 'integration.credentials_set',
    });
    expect(entries[0]).toMatchObject({ target: 'http', detail: { fields: ['authorization'] } });
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    const change = await t.app.audit.list({ limit: 5, action: 'integration.base_url_change' });
    expect(change.entries[0]?.detail).toMatchObject({ to: `${fake.url}/api` });
  });

  it('executes a read: 200 with the result, credential placed, echo hidden, call logged', async () => {
    await configureGeneric();
    const response = await execute('http', {
      action: 'get',
      params: { path: 'v1/items', query: { limit: 2 } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      integration_id: 'http',
      action: 'get',
      status: 200,
      result: { method: 'GET', path: '/api/v1/items', query: { limit: '2' } },
    });
    expect(fake.accepted.at(-1)?.headers.authorization).toBe(TOKEN);
    // The fake echoes the Authorization header: the answer carries it hidden.
    expect(response.body).not.toContain('generic-token-7f3a9c1e5b');
    const calls = await client.inject({
      method: 'GET',
      url: '/api/integrations/http/calls?limit=5',
    });
    expect(calls.json().calls[0]).toMatchObject({
      action: 'get',
      source: 'api',
      status: 'ok',
      http_status: 200,
    });
  });

  it('answers a write with 202 awaiting_confirmation and a dry run, then runs it once approved', async () => {
    await configureGeneric();
    const before = fake.requests.length;
    const call = { action: 'post', params: { path: 'v1/items', body: { name: 'widget' } } };
    const held = await execute('http', call);
    expect(held.statusCode).toBe(202);
    const { confirmation_id } = held.json();
    expect(held.json()).toEqual({ status: 'awaiting_confirmation', confirmation_id });
    expect(fake.requests.length).toBe(before);
    const confirmation = await t.app.confirmations.get(confirmation_id);
    expect(confirmation).toMatchObject({
      skill: 'integration_skill',
      level: 'RESTRICTED',
      simulation: {
        details: { method: 'POST', url: `${fake.url}/api/v1/items`, body: { name: 'widget' } },
      },
    });
    expect(JSON.stringify(confirmation)).not.toContain('generic-token');
    // Still pending: the same answer again.
    expect((await execute('http', { ...call, confirmation_id })).statusCode).toBe(202);
    // Another call cannot ride on this confirmation.
    const other = await execute('http', { ...call, params: { path: 'v1/other' }, confirmation_id });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('policy_denied');
    await client.inject({ method: 'POST', url: `/api/confirmations/${confirmation_id}/approve` });
    const run = await execute('http', { ...call, confirmation_id });
    expect(run.statusCode).toBe(200);
    expect(fake.accepted.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/items' });
    const again = await execute('http', { ...call, confirmation_id });
    expect(again.json()).toMatchObject({ error: 'policy_denied' });
  });

  it('refuses with 403 policy_denied when the operator denies', async () => {
    await configureGeneric();
    const call = { action: 'delete', params: { path: 'v1/items/1' } };
    const { confirmation_id } = (await execute('http', call)).json();
    await client.inject({ method: 'POST', url: `/api/confirmations/${confirmation_id}/deny` });
    const denied = await execute('http', { ...call, confirmation_id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'policy_denied' });
  });

  it('refuses params that would leave the path, with validation_error, before the gate', async () => {
    await configureGeneric();
    for (const path of ['../admin', 'a/%2e%2e/b', 'x%2Fy', 'https://evil.example/x', 'a\r\nb']) {
      const response = await execute('http', { action: 'post', params: { path } });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
  });

  it('applies the checks in SPEC order, with DECISIONS codes', async () => {
    // (1) before (2): an unknown integration with an unknown action.
    expect((await execute('nope', { action: 'nope' })).json()).toMatchObject({
      error: 'integration_not_found',
    });
    // (2) before params: an unknown action with bad params.
    const notAllowed = await execute('http', { action: 'nope', params: { path: 5 } });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toMatchObject({
      error: 'action_not_allowed',
      allowed: expect.arrayContaining(['get']),
    });
    // An action the operator turned off is outside the allowlist.
    await client.inject({
      method: 'PUT',
      url: '/api/integrations/http/actions/patch',
      payload: { enabled: false },
    });
    expect((await execute('http', { action: 'patch', params: {} })).json().error).toBe(
      'action_not_allowed',
    );
    // Params before the policy gate and the vault.
    expect((await execute('http', { action: 'get', params: { path: 5 } })).json().error).toBe(
      'validation_error',
    );
    // (3) before (4): without credentials, a write still waits for the operator first.
    await client.inject({ method: 'DELETE', url: '/api/integrations/http/credentials' });
    await client.inject({
      method: 'PUT',
      url: '/api/integrations/http/base-url',
      payload: { base_url: null },
    });
    const held = await execute('http', { action: 'put', params: { path: 'x' } });
    expect(held.statusCode).toBe(202);
    await client.inject({
      method: 'POST',
      url: `/api/confirmations/${held.json().confirmation_id}/approve`,
    });
    const missing = await execute('http', {
      action: 'put',
      params: { path: 'x' },
      confirmation_id: held.json().confirmation_id,
    });
    expect(missing.statusCode).toBe(424);
    expect(missing.json()).toMatchObject({ error: 'credentials_missing', missing: ['base_url'] });
    // (4) before (5): an open circuit does not hide missing credentials.
    await t.kv.set(
      breakerKey('http'),
      JSON.stringify({
        state: 'OPEN',
        failures: 2,
        opened_at: Date.now(),
        probe: null,
        changed_at: Date.now(),
      }),
    );
    expect((await execute('http', { action: 'get', params: {} })).json().error).toBe(
      'credentials_missing',
    );
    await configureGeneric();
    const open = await execute('http', { action: 'get', params: {} });
    expect(open.statusCode).toBe(503);
    expect(open.json()).toMatchObject({ error: 'circuit_open', retry_after: expect.any(Number) });
    expect(Number(open.headers['retry-after'])).toBeGreaterThan(50);
    // (6) metrics saw the refusal.
    const metrics = await t.app.metrics.metrics();
    expect(metrics).toMatch(
      /integration_errors_total\{integration="http",action="get",kind="circuit_open"\} \d/,
    );
  });

  it('opens the breaker on 5xx (retried GETs) but not on other 4xx, and resets on request', async () => {
    await configureGeneric();
    fake.failNext(1, { status: 404, body: { message: 'no such item' } });
    const notFound = await execute('http', { action: 'get', params: { path: 'missing' } });
    expect(notFound.statusCode).toBe(502);
    expect(notFound.json()).toMatchObject({
      error: 'upstream_error',
      status: 404,
      kind: 'upstream_4xx',
    });
    expect(notFound.json().message).toContain('no such item');
    expect(
      (await client.inject({ method: 'GET', url: '/api/integrations/http' })).json().breaker
        .failures,
    ).toBe(0);

    // A GET is retried on 503: three attempts are one failed call.
    fake.failNext(3, { status: 503, headers: { 'retry-after': '0' }, body: {} });
    const before = fake.accepted.length;
    expect((await execute('http', { action: 'get', params: {} })).json()).toMatchObject({
      status: 503,
      kind: 'upstream_5xx',
    });
    expect(fake.accepted.length - before).toBe(3);
    fake.failNext(1, { status: 500, body: {} });
    await execute('http', { action: 'get', params: {} });
    const detail = (await client.inject({ method: 'GET', url: '/api/integrations/http' })).json();
    expect(detail.breaker).toMatchObject({ state: 'OPEN', failures: 2 });
    expect(detail.stats).toMatchObject({ last_error: { error: 'upstream_5xx' } });
    const reset = await client.inject({
      method: 'POST',
      url: '/api/integrations/http/breaker/reset',
    });
    expect(reset.json()).toMatchObject({ ok: true, breaker: { state: 'CLOSED' } });
    const metrics = await t.app.metrics.metrics();
    expect(metrics).toMatch(
      /integration_breaker_transitions_total\{integration="http",from="CLOSED",to="OPEN"\} 1/,
    );
    expect(metrics).not.toContain('generic-token');
  });

  it('shares breaker and credentials with another replica, which reads them again when they change', async () => {
    await configureGeneric();
    const replica = await t.replica();
    try {
      const there = await replica.login();
      const executeThere = () =>
        there.inject({
          method: 'POST',
          url: '/api/integrations/http/execute',
          payload: { action: 'get', params: {} },
        });
      // The replica keeps what it read for its first call...
      expect((await executeThere()).statusCode).toBe(200);
      // ...until this one opens the circuit: the next call there is refused, not sent.
      fake.failNext(2, { status: 500, body: {} });
      await execute('http', { action: 'get', params: {} });
      await execute('http', { action: 'get', params: {} });
      const sent = fake.accepted.length;
      await expect.poll(async () => (await executeThere()).json().error).toBe('circuit_open');
      expect(fake.accepted.length).toBe(sent);

      await client.inject({ method: 'POST', url: '/api/integrations/http/breaker/reset' });
      // New credentials set here are the ones the replica sends.
      const put = await client.inject({
        method: 'PUT',
        url: '/api/integrations/http/credentials',
        payload: { values: { authorization: 'Bearer rotated-token-5e8d1c' } },
      });
      expect(put.statusCode).toBe(200);
      const refused = fake.refusals.length;
      await expect.poll(async () => (await executeThere()).json().kind).toBe('upstream_4xx');
      expect(fake.refusals.length).toBeGreaterThan(refused);
    } finally {
      await replica.close();
      await client.inject({
        method: 'PUT',
        url: '/api/integrations/http/credentials',
        payload: { values: { authorization: TOKEN } },
      });
    }
  });

  it('never retries a write on its own', async () => {
    await configureGeneric();
    await t.app.autonomy.setMode('FULL', 'test', null);
    fake.failNext(1, { status: 503, body: {} });
    const before = fake.accepted.length;
    expect(
      (await execute('http', { action: 'post', params: { path: 'x', body: {} } })).statusCode,
    ).toBe(502);
    expect(fake.accepted.length - before).toBe(1);
  });

  it('tests the connection with the read-only test action, and audits it', async () => {
    await configureGeneric();
    const ok = await client.inject({ method: 'POST', url: '/api/integrations/http/test' });
    expect(ok.json()).toMatchObject({ ok: true, action: 'get', status: 200 });
    fake.failNext(1, { status: 401, body: { error: 'bad token' } });
    const refused = await client.inject({ method: 'POST', url: '/api/integrations/http/test' });
    expect(refused.json()).toMatchObject({ ok: false, error: 'upstream_error', status: 401 });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'integration.test' });
    expect(entries.map((e) => e.detail.ok)).toEqual([false, true]);
  });

  it('runs a connector registered at run time through the same pipeline, rate limit included', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const connector = scripted([
      async () => {
        throw new TransportFailure('timeout', 'timed out after 1s');
      },
      async () => {
        await answered;
        return { body: { pong: true } };
      },
    ]);
    const inFlight = () => t.app.pressure.activeWork().integration_calls;
    t.app.integrations.register(connector);
    expect((await execute('scripted', { action: 'ping' })).json().error).toBe(
      'credentials_missing',
    );
    await client.inject({
      method: 'PUT',
      url: '/api/integrations/scripted/credentials',
      payload: { values: { key: 'scripted-key-123456' } },
    });
    const timeout = await execute('scripted', { action: 'ping' });
    expect(timeout.json()).toMatchObject({
      error: 'upstream_error',
      kind: 'timeout',
      status: null,
    });
    expect(inFlight()).toBe(0);
    // A call counts as active work while the vendor has it, and not after.
    const slow = execute('scripted', { action: 'ping' });
    await expect.poll(inFlight).toBe(1);
    answer();
    expect((await slow).json()).toMatchObject({ ok: true, result: { pong: true } });
    expect(inFlight()).toBe(0);
    // The operator lowers a destructive tool to a read: the gate follows.
    await client.inject({
      method: 'PUT',
      url: '/api/integrations/scripted/actions/wipe',
      payload: { risk: 'read' },
    });
    expect((await execute('scripted', { action: 'wipe', params: { what: 'x' } })).statusCode).toBe(
      200,
    );
    const limited = await execute('scripted', { action: 'ping' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(connector.calls).toBe(3);
    t.app.integrations.unregister('scripted');
  });

  it('is in the OpenAPI document', async () => {
    const paths = (await client.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    for (const path of [
      '/api/integrations',
      '/api/integrations/{integration_id}',
      '/api/integrations/{integration_id}/calls',
      '/api/integrations/{integration_id}/credentials',
      '/api/integrations/{integration_id}/base-url',
      '/api/integrations/{integration_id}/actions/{action}',
      '/api/integrations/{integration_id}/test',
      '/api/integrations/{integration_id}/breaker/reset',
      '/api/integrations/{integration_id}/execute',
    ])
      expect(paths[path], path).toBeDefined();
    expect(Object.keys(paths['/api/integrations/{integration_id}/execute'].post.responses)).toEqual(
      expect.arrayContaining(['200', '202', '403', '404', '424', '502', '503']),
    );
  });
});
