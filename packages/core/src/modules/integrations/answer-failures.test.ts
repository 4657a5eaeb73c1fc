import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeUpstream,
  routeToFake,
  startFakeUpstream,
  uniqueCredential,
} from '../../testing/fakes/fake-upstream.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import slack from './connectors/chat/slack.js';
import linear from './connectors/projects/linear.js';
import type { IntegrationDefinition } from './integration.js';

/** Vendors that answer 200 and report the failure in the body: Slack's ok:false, GraphQL errors. */
describe('failures inside a 200 answer', () => {
  let t: TestApp;
  let client: Client;
  const fakes = new Map<string, FakeUpstream>();

  beforeAll(async () => {
    for (const d of [slack, linear] as IntegrationDefinition[]) {
      const credentials: Record<string, string> = {};
      for (const field of d.fields.filter((f) => f.secret && !f.optional))
        credentials[field.name] = uniqueCredential(field, `in-body-${d.id}`);
      fakes.set(d.id, await startFakeUpstream({ auth: d.auth, credentials }));
    }
    t = await createTestApp({
      env: { CB_FAILURE_THRESHOLD: '2', CB_RECOVERY_TIMEOUT: '60s' },
      integrationsOptions: {
        // Each vendor's host goes to its own fake.
        transport: (vendors) => ({
          send(request, options) {
            const id = request.url.hostname.includes('slack') ? 'slack' : 'linear';
            return routeToFake(vendors, fakes.get(id)?.url ?? '').send(request, options);
          },
        }),
      },
    });
    client = await t.login();
    for (const d of [slack, linear] as IntegrationDefinition[]) {
      const values: Record<string, string> = {};
      for (const field of d.fields.filter((f) => f.secret && !f.optional))
        values[field.name] = uniqueCredential(field, `in-body-${d.id}`);
      const set = await client.inject({
        method: 'PUT',
        url: `/api/integrations/${d.id}/credentials`,
        payload: { values },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
    for (const fake of fakes.values()) await fake.close();
  });

  const execute = (id: string, action: string) =>
    client.inject({
      method: 'POST',
      url: `/api/integrations/${id}/execute`,
      payload: { action, params: {} },
    });
  const breaker = async (id: string) =>
    (await client.inject({ method: 'GET', url: `/api/integrations/${id}` })).json().breaker;

  it('Slack ok:false is an upstream error that counts against the breaker', async () => {
    expect((await execute('slack', 'auth_test')).statusCode).toBe(200);
    fakes.get('slack')?.failNext(2, { status: 200, body: { ok: false, error: 'invalid_auth' } });
    const failed = await execute('slack', 'auth_test');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'upstream_error', status: 200 });
    expect(failed.json().message).toContain('invalid_auth');
    expect(await breaker('slack')).toMatchObject({ state: 'CLOSED', failures: 1 });
    expect((await execute('slack', 'auth_test')).statusCode).toBe(502);
    expect(await breaker('slack')).toMatchObject({ state: 'OPEN' });
    expect((await execute('slack', 'auth_test')).json()).toMatchObject({ error: 'circuit_open' });
  });

  it('GraphQL errors (Linear) are an upstream error; a clean answer clears the count', async () => {
    fakes.get('linear')?.failNext(1, {
      status: 200,
      body: { data: null, errors: [{ message: 'Entity not found: Team' }] },
    });
    const failed = await execute('linear', 'viewer');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'upstream_error', status: 200 });
    expect(failed.json().message).toContain('Entity not found: Team');
    expect(await breaker('linear')).toMatchObject({ state: 'CLOSED', failures: 1 });
    expect((await execute('linear', 'viewer')).statusCode).toBe(200);
    expect(await breaker('linear')).toMatchObject({ state: 'CLOSED', failures: 0 });
    const calls = await client.inject({ method: 'GET', url: '/api/integrations/linear/calls' });
    expect(calls.json().calls.map((c: { error: string | null }) => c.error)).toEqual([
      null,
      'upstream_reported',
    ]);
  });
});
