import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { RUN_QUEUE } from './schedule-queue.js';
import {
  createSchedule,
  fastScheduler,
  finishedRuns,
  inMs,
  listRuns,
  sleep,
} from './scheduler-testing.js';

describe.each(await sqlTestBackends())('scheduler across replicas and restarts (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend, extend: fastScheduler });
    client = await t.login();
  });
  afterAll(() => t.close());

  const scheduleRow = (id: string) =>
    t.app.sql.db
      .selectFrom('schedules')
      .selectAll()
      .where('schedule_id', '=', id)
      .executeTakeFirstOrThrow();
  const traceCount = async (id: string) =>
    (await t.app.traces.page({ chat_id: `schedule:${id}`, limit: 50 })).traces.length;

  it('runs an occurrence exactly once with two replicas working the same database', async () => {
    const replica = await t.replica();
    try {
      const created = await createSchedule(client, {
        kind: 'once',
        run_at: inMs(1_500),
        action: { type: 'prompt', text: 'what is 5+5' },
      });
      await finishedRuns(client, created.schedule_id);
      await sleep(2_000);
      expect(await listRuns(client, created.schedule_id)).toHaveLength(1);
      expect(await traceCount(created.schedule_id)).toBe(1);

      // Both replicas (and this one twice) handle the same occurrence at the same moment, as
      // a duplicated or retried job would make them: one claim wins, the others skip.
      const later = await createSchedule(client, {
        kind: 'once',
        run_at: inMs(3_600_000),
        action: { type: 'prompt', text: 'what is 7+7' },
      });
      const due = new Date(later.next_run_at as string);
      const claims = await Promise.all([
        t.app.scheduler.runDue(later.schedule_id, due),
        replica.app.scheduler.runDue(later.schedule_id, due),
        t.app.scheduler.runDue(later.schedule_id, due),
      ]);
      expect(claims.filter((runId) => runId !== null)).toHaveLength(1);
      await Promise.all([t.app.scheduler.settled(), replica.app.scheduler.settled()]);
      // The winner may be the other replica: its trace is journaled and lands in the database
      // with its next batch, which a read here does not wait for.
      await replica.app.pendingWrites.settle('traces');
      expect(await listRuns(client, later.schedule_id)).toHaveLength(1);
      expect(await traceCount(later.schedule_id)).toBe(1);
      // The occurrence that ran is not run again when its own job comes due.
      expect(await t.app.scheduler.runDue(later.schedule_id, due)).toBeNull();
    } finally {
      await replica.close();
    }
  });

  it('keeps schedules across a restart and queues a next occurrence whose job was lost', async () => {
    const hourly = await createSchedule(client, {
      kind: 'recurring',
      cron: '0 * * * *',
      action: { type: 'prompt', text: 'hourly' },
    });
    const later = await createSchedule(client, {
      kind: 'once',
      run_at: inMs(3_600_000),
      action: { type: 'prompt', text: 'later' },
    });
    const hourlyJob = (await scheduleRow(hourly.schedule_id)).queued_job_id as string;
    const lostJob = (await scheduleRow(later.schedule_id)).queued_job_id as string;
    await t.app.jobs.deleteJob(RUN_QUEUE, lostJob);

    t = await t.restart();
    client = await t.login();
    const listed = (await client.inject({ method: 'GET', url: '/api/schedules' })).json().schedules;
    const byId = new Map(listed.map((s: { schedule_id: string }) => [s.schedule_id, s]));
    expect(byId.get(hourly.schedule_id)).toMatchObject({ next_run_at: hourly.next_run_at });
    expect(byId.get(later.schedule_id)).toMatchObject({ next_run_at: later.next_run_at });

    expect((await scheduleRow(hourly.schedule_id)).queued_job_id).toBe(hourlyJob);
    const requeued = (await scheduleRow(later.schedule_id)).queued_job_id as string;
    expect(requeued).not.toBe(lostJob);
    const job = await t.app.jobs.getJobById<{ due_at: string }>(RUN_QUEUE, requeued);
    expect(job).toMatchObject({ state: 'created', data: { due_at: later.next_run_at } });
    expect(new Date(job?.startAfter as Date).toISOString()).toBe(later.next_run_at);
  });

  it('runs an occurrence missed while the runtime was down once, then goes on from now', async () => {
    const hourly = await createSchedule(client, {
      kind: 'recurring',
      cron: '0 * * * *',
      action: { type: 'prompt', text: 'what is 9+9' },
    });
    // As if the runtime had been down for three slots: the queued occurrence is hours old.
    const missed = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000);
    await t.app.jobs.deleteJob(
      RUN_QUEUE,
      (await scheduleRow(hourly.schedule_id)).queued_job_id as string,
    );
    await t.app.sql.db
      .updateTable('schedules')
      .set({ next_run_at: missed, queued_job_id: null })
      .where('schedule_id', '=', hourly.schedule_id)
      .execute();

    t = await t.restart();
    client = await t.login();
    const [run] = await finishedRuns(client, hourly.schedule_id);
    expect(run).toMatchObject({ status: 'ok' });
    expect(new Date(run?.due_at as string).getTime()).toBe(missed.getTime());
    await sleep(1_500);
    expect(await listRuns(client, hourly.schedule_id)).toHaveLength(1);
    // The next is the coming hour, not the slots that passed meanwhile.
    const next = (await scheduleRow(hourly.schedule_id)).next_run_at as Date;
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(next.getUTCMinutes()).toBe(0);
  });

  it('skips an occurrence while the previous run of the schedule is still going', async () => {
    const created = await createSchedule(client, {
      kind: 'once',
      run_at: inMs(3_600_000),
      action: { type: 'prompt', text: 'slow' },
    });
    await t.app.sql.db
      .insertInto('schedule_runs')
      .values({
        run_id: 'still-going',
        schedule_id: created.schedule_id,
        due_at: new Date(Date.now() - 60_000),
        trigger: 'manual',
        status: 'running',
        // Its process is alive: it keeps extending this.
        lease_until: sql<Date>`now() + interval '1 minute'`,
      })
      .execute();
    const runId = await t.app.scheduler.runDue(
      created.schedule_id,
      new Date(created.next_run_at as string),
    );
    const run = await t.app.scheduler.getRun(runId as string);
    expect(run).toMatchObject({
      status: 'skipped',
      detail: { reason: 'the previous run was still running' },
    });
    expect(await traceCount(created.schedule_id)).toBe(0);
  });

  it('a run whose process died (its lease lapsed) does not hold the next one back', async () => {
    const created = await createSchedule(client, {
      kind: 'reminder',
      run_at: inMs(3_600_000),
      message: 'after a crash',
    });
    await t.app.sql.db
      .insertInto('schedule_runs')
      .values({
        run_id: 'killed-mid-run',
        schedule_id: created.schedule_id,
        due_at: new Date(Date.now() - 120_000),
        trigger: 'manual',
        status: 'running',
        lease_until: sql<Date>`now() - interval '1 second'`,
      })
      .execute();
    const runId = await t.app.scheduler.runDue(
      created.schedule_id,
      new Date(created.next_run_at as string),
    );
    expect(await t.app.scheduler.getRun(runId as string)).toMatchObject({ status: 'ok' });
  });

  it('closes runs that a stopped process left running', async () => {
    const created = await createSchedule(client, {
      kind: 'reminder',
      run_at: inMs(3_600_000),
      message: 'left behind',
    });
    await t.app.sql.db
      .insertInto('schedule_runs')
      .values({
        run_id: 'abandoned-run',
        schedule_id: created.schedule_id,
        due_at: new Date(Date.now() - 7_200_000),
        trigger: 'schedule',
        status: 'running',
        started_at: sql<Date>`now() - interval '2 minutes'`,
        lease_until: sql<Date>`now() - interval '1 minute'`,
      })
      .execute();
    await t.app.sql.db
      .insertInto('schedule_runs')
      .values({
        run_id: 'another-replica-runs-it',
        schedule_id: created.schedule_id,
        due_at: new Date(Date.now() - 60_000),
        trigger: 'manual',
        status: 'running',
        lease_until: sql<Date>`now() + interval '1 minute'`,
      })
      .execute();
    t = await t.restart();
    client = await t.login();
    const runs = await listRuns(client, created.schedule_id);
    expect(runs.find((run) => run.run_id === 'abandoned-run')).toMatchObject({
      status: 'error',
      error: 'interrupted: the runtime stopped during the run',
    });
    // A run whose lease is alive belongs to a process that is working on it.
    expect(runs.find((run) => run.run_id === 'another-replica-runs-it')).toMatchObject({
      status: 'running',
    });
  });
});
