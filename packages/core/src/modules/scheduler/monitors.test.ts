import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../testing/local-server.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { ScheduleView } from './scheduler.schema.js';
import { createSchedule, fastScheduler, finishedRuns } from './scheduler-testing.js';

/** What the watched site answers; tests change it between checks. */
const site = { status: 200, body: 'version 1' };

describe.each(await sqlTestBackends())('monitors (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer((_request, response) => {
      response.writeHead(site.status, { 'content-type': 'text/plain' });
      response.end(site.body);
    }, '127.0.0.2');
    t = await createTestApp({
      sql: backend,
      env: { SSRF_ALLOWLIST: '127.0.0.2' },
      extend: fastScheduler,
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  /** One manual check, waited for; returns the transition events it raised (delivered). */
  const check = async (monitor: ScheduleView) => {
    const started = await client.inject({
      method: 'POST',
      url: `/api/schedules/${monitor.schedule_id}/run`,
    });
    expect(started.statusCode).toBe(202);
    await t.app.scheduler.settled();
    await t.app.eventQueue.drain();
    const run = await t.app.scheduler.getRun(started.json().run.run_id);
    return (run?.detail as { events?: string[] } | undefined)?.events;
  };
  const events = async (monitorId: string) => {
    const log = (
      await client.inject({ method: 'GET', url: `/api/events?source=${monitorId}&limit=50` })
    ).json().events as Array<{ kind: string; title: string; detail: Record<string, unknown> }>;
    return log.reverse();
  };
  const view = async (id: string): Promise<ScheduleView> =>
    (await client.inject({ method: 'GET', url: `/api/schedules/${id}` })).json();

  it('raises exactly the transition events as a site goes down, comes back and changes', async () => {
    Object.assign(site, { status: 200, body: 'version 1' });
    // Disabled, so only the checks this test asks for run.
    const monitor = await createSchedule(client, {
      kind: 'monitor',
      name: 'Status page',
      url: `${server.url}/status`,
      check: 'changed',
      interval_seconds: 30,
      enabled: false,
    });
    expect(await check(monitor)).toEqual([]); // the first look is the baseline
    expect((await view(monitor.schedule_id)).monitor).toMatchObject({ state: 'up', status: 200 });

    site.status = 503;
    expect(await check(monitor)).toEqual(['monitor.down']);
    expect(await check(monitor)).toEqual([]); // still down: no new event
    expect((await view(monitor.schedule_id)).monitor).toMatchObject({
      state: 'down',
      status: 503,
      error: 'HTTP 503',
    });

    site.status = 200;
    expect(await check(monitor)).toEqual(['monitor.up']); // same content as before: no change
    site.body = 'version 2';
    expect(await check(monitor)).toEqual(['monitor.changed']);
    expect(await check(monitor)).toEqual([]);

    const raised = await events(monitor.schedule_id);
    expect(raised.map((e) => e.kind)).toEqual(['monitor.down', 'monitor.up', 'monitor.changed']);
    expect(raised[0]).toMatchObject({
      title: 'Status page is down (HTTP 503)',
      detail: { url: `${server.url}/status`, previous_state: 'up', state: 'down', status: 503 },
    });
    const inbox = (
      await client.inject({ method: 'GET', url: '/api/notifications?limit=200' })
    ).json();
    const kinds = inbox.notifications
      .filter(
        (n: { detail: { schedule_id?: string } }) => n.detail.schedule_id === monitor.schedule_id,
      )
      .map((n: { kind: string }) => n.kind);
    expect(kinds.sort()).toEqual(['monitor.changed', 'monitor.down', 'monitor.up']);
  });

  it('judges up by the expected status and reports a refused connection as down', async () => {
    Object.assign(site, { status: 200, body: 'ok' });
    const monitor = await createSchedule(client, {
      kind: 'monitor',
      url: `${server.url}/health`,
      expected_status: 204,
      enabled: false,
    });
    expect(monitor).toMatchObject({ check: 'up', interval_seconds: 300, expected_status: 204 });
    expect(await check(monitor)).toEqual(['monitor.down']); // a first check that fails is news
    site.status = 204;
    expect(await check(monitor)).toEqual(['monitor.up']);

    const closed = await startLocalServer(() => {}, '127.0.0.2');
    const url = `${closed.url}/`;
    await closed.close();
    const gone = await createSchedule(client, { kind: 'monitor', url, enabled: false });
    expect(await check(gone)).toEqual(['monitor.down']);
    expect((await view(gone.schedule_id)).monitor).toMatchObject({ state: 'down', status: null });
  });

  it('checks a new monitor at once, on its schedule, unless the monitors flag is off', async () => {
    Object.assign(site, { status: 200, body: 'ok' });
    const monitor = await createSchedule(client, { kind: 'monitor', url: `${server.url}/auto` });
    const [run] = await finishedRuns(client, monitor.schedule_id);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'ok', detail: { state: 'up' } });
    const after = await view(monitor.schedule_id);
    expect(after.monitor?.state).toBe('up');
    // The next check is one interval after the first.
    expect(
      new Date(after.next_run_at as string).getTime() - new Date(run?.due_at as string).getTime(),
    ).toBe(300_000);

    await t.app.configuration.setFlag('monitors_and_subscriptions', false, 'admin', null);
    try {
      const requests = server.requests.length;
      const skipped = await createSchedule(client, { kind: 'monitor', url: `${server.url}/off` });
      const [skippedRun] = await finishedRuns(client, skipped.schedule_id);
      expect(skippedRun).toMatchObject({
        status: 'skipped',
        detail: { reason: 'the monitors_and_subscriptions feature flag is off' },
      });
      expect(server.requests.slice(requests).map((r) => r.url)).not.toContain('/off');
      expect((await view(skipped.schedule_id)).monitor?.state).toBeNull();
    } finally {
      await t.app.configuration.setFlag('monitors_and_subscriptions', true, 'admin', null);
    }
  });

  it('forgets what an old URL saw when the monitor is pointed elsewhere', async () => {
    Object.assign(site, { status: 500, body: 'x' });
    const monitor = await createSchedule(client, {
      kind: 'monitor',
      url: `${server.url}/a`,
      enabled: false,
    });
    await check(monitor);
    const moved = await client.inject({
      method: 'PATCH',
      url: `/api/schedules/${monitor.schedule_id}`,
      payload: { url: `${server.url}/b` },
    });
    expect(moved.json().monitor).toMatchObject({ state: null, status: null, content_hash: null });
    const blocked = await client.inject({
      method: 'PATCH',
      url: `/api/schedules/${monitor.schedule_id}`,
      payload: { url: 'http://10.0.0.1/' },
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error).toBe('url_blocked');
  });
});
