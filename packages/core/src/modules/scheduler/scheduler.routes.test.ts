import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { RUN_QUEUE } from './schedule-queue.js';
import { createSchedule, fastScheduler, finishedRuns, inMs } from './scheduler-testing.js';

describe.each(await sqlTestBackends())('scheduler API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend, extend: fastScheduler });
    client = await t.login();
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: Record<string, unknown>) =>
    client.inject({ method: 'PATCH', url: `/api/schedules/${id}`, payload });
  const get = (url: string) => client.inject({ method: 'GET', url });
  const queuedJob = async (id: string) => {
    const row = await t.app.sql.db
      .selectFrom('schedules')
      .select('queued_job_id')
      .where('schedule_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.queued_job_id
      ? t.app.jobs.getJobById<{ due_at: string }>(RUN_QUEUE, row.queued_job_id)
      : null;
  };
  const auditRows = async (action: string) => {
    await t.app.audit.flush();
    return (await t.app.audit.list({ limit: 50, action })).entries;
  };

  it('creates a recurring schedule, queues its next occurrence and shows the next five', async () => {
    const created = await createSchedule(client, {
      kind: 'recurring',
      cron: '0 9 * * 1-5',
      time_zone: 'Asia/Tokyo',
      action: { type: 'prompt', text: 'Summarise the news' },
    });
    expect(created).toMatchObject({
      kind: 'recurring',
      name: 'Summarise the news',
      enabled: true,
      cron: '0 9 * * 1-5',
      time_zone: 'Asia/Tokyo',
      action: { type: 'prompt', text: 'Summarise the news' },
      monitor: null,
      last_run_at: null,
      created_by: 'admin',
    });
    const next = new Date(created.next_run_at as string);
    expect(next.getUTCHours()).toBe(0); // 09:00 in Tokyo
    const job = await queuedJob(created.schedule_id);
    expect(job).toMatchObject({ state: 'created', data: { due_at: created.next_run_at } });
    expect(job?.singletonKey).toBe(`${created.schedule_id}:${created.next_run_at}`);

    const detail = (await get(`/api/schedules/${created.schedule_id}`)).json();
    expect(detail.upcoming).toHaveLength(5);
    expect(detail.upcoming[0]).toBe(created.next_run_at);
    for (const at of detail.upcoming) expect(new Date(at).getUTCHours()).toBe(0);

    const recurring = (await get('/api/schedules?kind=recurring')).json().schedules;
    expect(recurring.map((s: { schedule_id: string }) => s.schedule_id)).toContain(
      created.schedule_id,
    );
    expect((await get('/api/schedules?kind=monitor')).json().schedules).toEqual([]);
    const [row] = await auditRows('schedule.create');
    expect(row).toMatchObject({
      actor: 'admin',
      target: created.schedule_id,
      detail: { kind: 'recurring', cron: '0 9 * * 1-5', time_zone: 'Asia/Tokyo' },
    });
  });

  it('replaces the queued occurrence when the timing changes, and queues nothing while disabled', async () => {
    const created = await createSchedule(client, {
      kind: 'recurring',
      name: 'hourly',
      cron: '0 * * * *',
      action: { type: 'prompt', text: 'check' },
    });
    const firstJob = await queuedJob(created.schedule_id);

    const moved = await patch(created.schedule_id, { cron: '30 * * * *', name: 'half past' });
    expect(moved.statusCode).toBe(200);
    expect(new Date(moved.json().next_run_at).getUTCMinutes()).toBe(30);
    expect(await t.app.jobs.getJobById(RUN_QUEUE, firstJob?.id as string)).toBeNull();
    const secondJob = await queuedJob(created.schedule_id);
    expect(secondJob?.data.due_at).toBe(moved.json().next_run_at);

    const disabled = (await patch(created.schedule_id, { enabled: false })).json();
    expect(disabled).toMatchObject({ enabled: false, next_run_at: null });
    expect(await t.app.jobs.getJobById(RUN_QUEUE, secondJob?.id as string)).toBeNull();
    expect((await get(`/api/schedules/${created.schedule_id}`)).json().upcoming).toEqual([]);

    const enabled = (await patch(created.schedule_id, { enabled: true })).json();
    expect(enabled.next_run_at).toBe(moved.json().next_run_at);
    expect((await queuedJob(created.schedule_id))?.state).toBe('created');

    const [row] = await auditRows('schedule.update');
    expect(row).toMatchObject({ target: created.schedule_id, detail: { changed: ['enabled'] } });
    const renamed = (await patch(created.schedule_id, { name: 'renamed' })).json();
    expect(renamed.next_run_at).toBe(enabled.next_run_at);

    const wrongField = await patch(created.schedule_id, { url: 'https://example.com' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details[0]).toMatchObject({ path: '/url' });
    const badZone = await patch(created.schedule_id, { time_zone: 'Nowhere/Town' });
    expect(badZone.json().details[0]).toMatchObject({ path: '/time_zone' });
    const unknownField = await patch(created.schedule_id, { kind: 'once' });
    expect(unknownField.statusCode).toBe(400);
  });

  it('deletes a schedule with its queued job, and answers 404 for unknown ids', async () => {
    const created = await createSchedule(client, {
      kind: 'once',
      run_at: inMs(3_600_000),
      action: { type: 'prompt', text: 'later' },
    });
    const job = await queuedJob(created.schedule_id);
    const deleted = await client.inject({
      method: 'DELETE',
      url: `/api/schedules/${created.schedule_id}`,
    });
    expect(deleted.json()).toEqual({ ok: true });
    expect(await t.app.jobs.getJobById(RUN_QUEUE, job?.id as string)).toBeNull();
    const [row] = await auditRows('schedule.delete');
    expect(row).toMatchObject({ target: created.schedule_id });

    for (const [method, url] of [
      ['GET', '/api/schedules/nope'],
      ['PATCH', '/api/schedules/nope'],
      ['DELETE', '/api/schedules/nope'],
      ['POST', '/api/schedules/nope/run'],
      ['GET', '/api/schedules/nope/runs'],
    ] as const) {
      const response = await client.inject({
        method,
        url,
        ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });

  it('runs a schedule now as a manual run, records it, and pages the runs', async () => {
    const created = await createSchedule(client, {
      kind: 'once',
      run_at: inMs(3_600_000),
      action: { type: 'prompt', text: 'what is 6 times 7' },
    });
    for (let i = 0; i < 3; i++) {
      const started = await client.inject({
        method: 'POST',
        url: `/api/schedules/${created.schedule_id}/run`,
      });
      expect(started.statusCode).toBe(202);
      expect(started.json().run).toMatchObject({ trigger: 'manual', status: 'running' });
      await t.app.scheduler.settled();
    }
    const runs = await finishedRuns(client, created.schedule_id, 3);
    expect(runs.every((run) => run.status === 'ok' && run.request_id)).toBe(true);
    expect(runs[0]?.detail).toMatchObject({
      tier: 'fast_path',
      reply: expect.stringContaining('42'),
    });
    // The one-off is still queued for its own time.
    const after = (await get(`/api/schedules/${created.schedule_id}`)).json();
    expect(after).toMatchObject({ next_run_at: created.next_run_at, last_status: 'ok' });

    const page1 = (await get(`/api/schedules/${created.schedule_id}/runs?limit=2`)).json();
    expect(page1.runs).toHaveLength(2);
    const page2 = (
      await get(
        `/api/schedules/${created.schedule_id}/runs?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}`,
      )
    ).json();
    expect(page2).toMatchObject({ next_cursor: null });
    expect([...page1.runs, ...page2.runs].map((r) => r.run_id)).toEqual(
      runs.map((run) => run.run_id),
    );
    const badCursor = await get(`/api/schedules/${created.schedule_id}/runs?cursor=nope`);
    expect(badCursor.statusCode).toBe(400);
    expect(await auditRows('schedule.run_now')).toHaveLength(3);
  });
});
