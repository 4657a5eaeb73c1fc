import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEvent } from '../events/runtime-events.js';
import {
  createSchedule,
  fastScheduler,
  finishedRuns,
  inMs,
  listRuns,
  sleep,
} from './scheduler-testing.js';

const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  expect(new Date(a as string).getTime()).toBe(new Date(b as string).getTime());

describe.each(await sqlTestBackends())('scheduled runs (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend, extend: fastScheduler });
    client = await t.login();
  });
  afterAll(() => t.close());

  it('runs a one-off prompt that falls due a second after creation, once, with its trace', async () => {
    const live: RuntimeEvent[] = [];
    // Read as each event is told: a run counts as active work while it runs, and not after.
    const counted: number[] = [];
    const unsubscribe = t.app.events.subscribe((event) => {
      live.push(event);
      if (event.name === 'schedule-run') counted.push(t.app.pressure.activeWork().schedules);
    });
    const created = await createSchedule(client, {
      kind: 'once',
      run_at: inMs(1_000),
      action: { type: 'prompt', text: 'what is 2+2' },
    });
    const [run] = await finishedRuns(client, created.schedule_id);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'ok', error: null });
    sameInstant(run?.due_at, created.run_at);
    const trace = await t.app.traces.get(run?.request_id as string);
    expect(trace).toMatchObject({ chat_id: `schedule:${created.schedule_id}`, tier: 'fast_path' });
    expect(trace?.reply).toContain('4');

    const after = (
      await client.inject({ method: 'GET', url: `/api/schedules/${created.schedule_id}` })
    ).json();
    expect(after).toMatchObject({ next_run_at: null, last_status: 'ok', upcoming: [] });
    expect(after.last_run_at).not.toBeNull();
    await sleep(1_500);
    expect(await listRuns(client, created.schedule_id)).toHaveLength(1);
    unsubscribe();
    const statuses = live
      .filter((e) => e.name === 'schedule-run')
      .map((e) => e.data as { schedule_id: string; status: string; kind: string })
      .filter((d) => d.schedule_id === created.schedule_id);
    expect(statuses.map((d) => d.status)).toEqual(['running', 'ok']);
    expect(statuses[0]?.kind).toBe('once');
    expect(counted[0]).toBe(1);
    expect(t.app.pressure.activeWork().schedules).toBe(0);
  });

  it('turns a reminder that falls due into a notification', async () => {
    const created = await createSchedule(client, {
      kind: 'reminder',
      run_at: inMs(1_000),
      message: 'Call the dentist',
    });
    const [run] = await finishedRuns(client, created.schedule_id);
    expect(run).toMatchObject({ status: 'ok', request_id: null });
    await t.app.eventQueue.drain();
    const inbox = (await client.inject({ method: 'GET', url: '/api/notifications' })).json();
    const reminder = inbox.notifications.find(
      (n: { event_id: string }) => n.event_id === run?.detail.event_id,
    );
    expect(reminder).toMatchObject({
      kind: 'reminder.due',
      title: 'Call the dentist',
      detail: { schedule_id: created.schedule_id, message: 'Call the dentist' },
      read_at: null,
    });
  });

  it('runs a seconds-level recurring job repeatedly, and stops when it is disabled', async () => {
    const created = await createSchedule(client, {
      kind: 'recurring',
      cron: '* * * * * *',
      action: { type: 'prompt', text: 'what is 1+1' },
    });
    const runs = await finishedRuns(client, created.schedule_id, 3, 20_000);
    expect(runs.every((run) => run.status === 'ok' && run.trigger === 'schedule')).toBe(true);
    const dues = runs.map((run) => new Date(run.due_at).getTime()).reverse();
    expect(new Set(dues).size).toBe(dues.length);
    for (let i = 1; i < dues.length; i++) {
      expect(dues[i] as number).toBeGreaterThan(dues[i - 1] as number);
      expect((dues[i] as number) % 1000).toBe(0);
    }

    await client.inject({
      method: 'PATCH',
      url: `/api/schedules/${created.schedule_id}`,
      payload: { enabled: false },
    });
    await sleep(1_500); // a run claimed just before the change may still finish
    const count = (await listRuns(client, created.schedule_id)).length;
    await sleep(2_000);
    expect(await listRuns(client, created.schedule_id)).toHaveLength(count);
  });

  it('records due runs as skipped while the scheduler flag is off', async () => {
    await t.app.configuration.setFlag('scheduler', false, 'admin', null);
    try {
      const prompt = await createSchedule(client, {
        kind: 'once',
        run_at: inMs(800),
        action: { type: 'prompt', text: 'what is 3+3' },
      });
      const reminder = await createSchedule(client, {
        kind: 'reminder',
        run_at: inMs(800),
        message: 'not now',
      });
      for (const schedule of [prompt, reminder]) {
        const [run] = await finishedRuns(client, schedule.schedule_id);
        expect(run).toMatchObject({
          status: 'skipped',
          request_id: null,
          detail: { reason: 'the scheduler feature flag is off' },
        });
      }
      const traces = await t.app.traces.page({
        chat_id: `schedule:${prompt.schedule_id}`,
        limit: 5,
      });
      expect(traces.traces).toEqual([]);
      // A manual run is the operator's own request: the flag does not stop it.
      await client.inject({ method: 'POST', url: `/api/schedules/${prompt.schedule_id}/run` });
      await t.app.scheduler.settled();
      expect((await listRuns(client, prompt.schedule_id))[0]).toMatchObject({
        trigger: 'manual',
        status: 'ok',
      });
    } finally {
      await t.app.configuration.setFlag('scheduler', true, 'admin', null);
    }
  });
});
