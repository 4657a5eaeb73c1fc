import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../testing/local-server.js';
import { testSkillContext } from '../../testing/skill-context.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { RunTrace } from '../runtime/run-trace.js';
import type { RunContext } from '../runtime/skill-runner.js';
import type { AnySkill } from '../skills/skill.js';
import { fastScheduler } from './scheduler-testing.js';

describe('reminders and monitors skills', () => {
  let t: TestApp;
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer((_request, response) => {
      response.end('ok');
    }, '127.0.0.2');
    t = await createTestApp({ env: { SSRF_ALLOWLIST: '127.0.0.2' }, extend: fastScheduler });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const skill = (name: string) => t.app.skills.get(name) as AnySkill;
  /** Runs a skill as the model's tool call would reach it: input parsed by its schema. */
  const call = (name: string, input: Record<string, unknown>) =>
    skill(name).execute(skill(name).inputSchema.parse(input), testSkillContext({ actor: 'agent' }));
  const failure = async (name: string, input: Record<string, unknown>) => {
    try {
      await call(name, input);
    } catch (error) {
      return error as Error & { code: string };
    }
    throw new Error('the call succeeded');
  };

  it('offers both as CONTROLLED skills with one flat object as input', async () => {
    const views = await t.app.skills.views();
    for (const name of ['reminders', 'monitors']) {
      const view = views.find((v) => v.name === name);
      expect(view).toMatchObject({ level: 'CONTROLLED', available: true });
      expect(view?.input_schema).toMatchObject({ type: 'object' });
    }
  });

  it('sets a reminder from "in 2h", lists it, and cancels it', async () => {
    const before = Date.now();
    const created = await call('reminders', {
      action: 'create',
      text: 'Stretch',
      at: 'in 2h',
      time_zone: 'Europe/Berlin',
    });
    const id = created.data?.id as string;
    const reminder = await t.app.scheduler.get(id);
    expect(reminder).toMatchObject({
      kind: 'reminder',
      message: 'Stretch',
      time_zone: 'Europe/Berlin',
      created_by: 'agent',
    });
    const at = new Date(reminder.run_at as string).getTime();
    expect(at).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(at).toBeLessThan(Date.now() + 7_200_000 + 1_000);
    expect(created.text).toContain('Europe/Berlin');

    const listed = await call('reminders', { action: 'list' });
    expect(listed.text).toContain(id);
    const cancelled = await call('reminders', { action: 'cancel', id });
    expect(cancelled.text).toContain('cancelled');
    expect((await call('reminders', { action: 'list' })).text).not.toContain(id);
    expect(await failure('reminders', { action: 'cancel', id })).toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses times it cannot read or that have passed, and input that misses its fields', async () => {
    expect(
      await failure('reminders', { action: 'create', text: 'x', at: 'someday' }),
    ).toMatchObject({ code: 'invalid_time' });
    expect(
      await failure('reminders', { action: 'create', text: 'x', at: '2020-01-01T09:00:00Z' }),
    ).toMatchObject({ code: 'time_in_past' });
    expect(
      await failure('reminders', {
        action: 'create',
        text: 'x',
        at: 'in 1h',
        time_zone: 'Atlantis',
      }),
    ).toMatchObject({ code: 'unknown_time_zone' });
    expect(skill('reminders').inputSchema.safeParse({ action: 'create', text: 'x' }).success).toBe(
      false,
    );
    expect(skill('monitors').inputSchema.safeParse({ action: 'delete' }).success).toBe(false);
  });

  it('creates, lists and deletes a monitor, and refuses a private URL', async () => {
    const created = await call('monitors', {
      action: 'create',
      url: `${server.url}/page`,
      check: 'changed',
      interval_seconds: 60,
    });
    const id = created.data?.id as string;
    expect(await t.app.scheduler.get(id)).toMatchObject({
      kind: 'monitor',
      check: 'changed',
      interval_seconds: 60,
    });
    expect((await call('monitors', { action: 'list' })).text).toContain(id);
    expect(
      await failure('reminders', { action: 'cancel', id }), // a monitor is not a reminder
    ).toMatchObject({ code: 'not_a_reminder' });
    await call('monitors', { action: 'delete', id });
    expect((await call('monitors', { action: 'list' })).text).toBe('No monitors.');

    expect(
      await failure('monitors', { action: 'create', url: 'http://127.0.0.1:5432/' }),
    ).toMatchObject({ code: 'url_blocked' });
    expect(
      await failure('monitors', { action: 'create', url: `${server.url}/`, interval_seconds: 5 }),
    ).toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('interval_seconds'),
    });
  });

  it('is audited by the policy gate as skill.reminders', async () => {
    const run: RunContext = {
      requestId: 'req-reminder',
      chatId: null,
      goalId: null,
      actor: 'admin',
      depth: 0,
      signal: new AbortController().signal,
      log: t.app.log,
      trace: new RunTrace(),
      onProgress: () => {},
    };
    const outcome = await t.app.skillRunner.run(
      'reminders',
      { action: 'create', text: 'Water the plants', at: 'tomorrow 9:00', time_zone: 'UTC' },
      run,
    );
    expect(outcome.status).toBe('done');
    await t.app.audit.flush();
    const [row] = (await t.app.audit.list({ limit: 5, action: 'skill.reminders' })).entries;
    expect(row).toMatchObject({ actor: 'admin', request_id: 'req-reminder' });
    expect(row?.target).toBe(outcome.output?.data?.id);
  });
});
