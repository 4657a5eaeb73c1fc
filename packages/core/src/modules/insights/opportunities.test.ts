import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { daysAgo, type Seed, seedTraces, step } from './insights-testing.js';
import type { Opportunity } from './opportunities.schema.js';

const ask = (id: string, at: Date, input: string, chat = 'operator-chat'): Seed => ({
  request_id: id,
  at,
  input,
  chat_id: chat,
  tier: 'llm_loop',
});
const read = (id: string, at: Date, url: string): Seed => ({
  request_id: id,
  at,
  tier: 'decision_layer',
  steps: [step('fetch_url', { target: url })],
});

const seeds: Seed[] = [
  // 08:58, 09:03 and 09:10 UTC on three days: a daily schedule at 09:00.
  ask('w-1', daysAgo(3, 538), "What's the weather in Lisbon?"),
  ask('w-2', daysAgo(2, 543), "  what's the WEATHER in   lisbon?"),
  ask('w-3', daysAgo(1, 550), "What's the weather in Lisbon?"),
  // The same prompt from a goal's own chat is the agent's work, not the operator asking.
  ask('w-goal', daysAgo(4, 540), "What's the weather in Lisbon?", 'goal:g1'),
  // Three days, but at 03:00, 12:00 and 20:00: no regular time.
  ask('x-1', daysAgo(3, 180), 'Summarise my inbox'),
  ask('x-2', daysAgo(2, 720), 'Summarise my inbox'),
  ask('x-3', daysAgo(1, 1200), 'Summarise my inbox'),
  // Pages read again and again: two monitors and two feeds.
  read('p-1', daysAgo(3, 100), 'https://status.example.com/'),
  read('p-2', daysAgo(2, 100), 'https://status.example.com/'),
  read('p-3', daysAgo(2, 200), 'https://status.example.com/'),
  read('q-1', daysAgo(5, 100), 'https://shop.example.com/widget'),
  read('q-2', daysAgo(4, 100), 'https://shop.example.com/widget'),
  read('q-3', daysAgo(3, 100), 'https://shop.example.com/widget'),
  read('f-1', daysAgo(3, 300), 'https://blog.example.com/feed.xml'),
  read('f-2', daysAgo(2, 300), 'https://blog.example.com/feed.xml'),
  read('f-3', daysAgo(1, 300), 'https://blog.example.com/feed.xml'),
  read('n-1', daysAgo(3, 400), 'https://news.example.com/rss'),
  read('n-2', daysAgo(2, 400), 'https://news.example.com/rss'),
  read('n-3', daysAgo(1, 400), 'https://news.example.com/rss'),
  // A URL with a secret in it cannot be watched: the secret is gone.
  read('r-1', daysAgo(3, 500), 'https://api.example.com/data?token=[REDACTED]'),
  read('r-2', daysAgo(2, 500), 'https://api.example.com/data?token=[REDACTED]'),
  read('r-3', daysAgo(1, 500), 'https://api.example.com/data?token=[REDACTED]'),
  // The same correction twice.
  ask('c-1', daysAgo(5, 700), 'No, always answer in metric units.'),
  ask('c-2', daysAgo(2, 700), 'no -- always answer in metric units'),
];

describe.each(await sqlTestBackends())('opportunities (%s)', (backend) => {
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
    await seedTraces(t, seeds);
  });
  afterAll(() => t.close());

  const list = async (status = 'open') => {
    const response = await client.inject({ url: `/api/opportunities?status=${status}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { opportunities: Opportunity[] }).opportunities;
  };
  const find = async (kind: string, text: string, status = 'open') => {
    const found = (await list(status)).find(
      (item) => item.kind === kind && JSON.stringify(item.proposal).includes(text),
    );
    if (!found) throw new Error(`no ${status} ${kind} opportunity with ${text}`);
    return found;
  };
  const post = (id: string, action: string, payload?: Record<string, unknown>) =>
    client.inject({
      method: 'POST',
      url: `/api/opportunities/${id}/${action}`,
      ...(payload === undefined ? {} : { payload }),
    });
  const audited = async (action: string, target: string) => {
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 500, action } as never);
    return entries.filter((entry) => entry.target === target);
  };
  const since = () => new Date(Date.now() - 1000).toISOString();

  it('detects each kind with its evidence and a ready proposal', async () => {
    const found = await list();
    expect(found.map((item) => item.kind).sort()).toEqual([
      'monitor',
      'monitor',
      'rule',
      'schedule',
      'subscription',
      'subscription',
    ]);
    const schedule = await find('schedule', 'Lisbon');
    expect(schedule.proposal).toEqual({
      kind: 'recurring',
      name: "What's the weather in Lisbon?",
      cron: '0 9 * * *',
      time_zone: 'UTC',
      action: { type: 'prompt', text: "What's the weather in Lisbon?" },
    });
    expect(schedule.support).toBe(3);
    expect(schedule.evidence.request_ids.sort()).toEqual(['w-1', 'w-2', 'w-3']);
    expect(schedule.title).toBe('Ask "What\'s the weather in Lisbon?" every day at 09:00 UTC');

    const monitor = await find('monitor', 'status.example.com');
    expect(monitor.proposal).toEqual({
      kind: 'monitor',
      name: 'Changes on status.example.com',
      url: 'https://status.example.com/',
      check: 'changed',
      interval_seconds: 3600,
    });
    expect(monitor.evidence).toMatchObject({ count: 3, summary: 'Read in 3 requests on 2 days' });
    expect((await find('subscription', 'blog.example.com')).proposal).toEqual({
      kind: 'feed',
      url: 'https://blog.example.com/feed.xml',
    });
    const rule = await find('rule', 'metric');
    expect(rule.proposal).toEqual({
      text: 'Always answer in metric units.',
      trigger: { type: 'always' },
    });
    expect(rule.evidence.request_ids.sort()).toEqual(['c-1', 'c-2']);
  });

  it('accepts a schedule through the scheduler, audited, and only once', async () => {
    const schedule = await find('schedule', 'Lisbon');
    const accepted = await post(schedule.opportunity_id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const body = accepted.json() as Opportunity;
    expect(body).toMatchObject({ status: 'accepted', decided_by: 'admin' });
    const scheduleId = body.result?.schedule_id as string;
    const created = await client.inject({ url: `/api/schedules/${scheduleId}` });
    expect(created.json()).toMatchObject({
      kind: 'recurring',
      cron: '0 9 * * *',
      action: { text: "What's the weather in Lisbon?" },
      created_by: 'admin',
    });
    expect(await audited('opportunity.accept', schedule.opportunity_id)).toEqual([
      expect.objectContaining({
        actor: 'admin',
        detail: expect.objectContaining({ kind: 'schedule', created: { schedule_id: scheduleId } }),
      }),
    ]);
    const again = await post(schedule.opportunity_id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('invalid_transition');
    expect((await list()).some((item) => item.opportunity_id === schedule.opportunity_id)).toBe(
      false,
    );
  });

  it('accepts a monitor, a feed and a rule through their modules', async () => {
    const monitor = await find('monitor', 'status.example.com');
    const feed = await find('subscription', 'blog.example.com');
    const rule = await find('rule', 'metric');
    const results = [];
    for (const item of [monitor, feed, rule]) {
      const response = await post(item.opportunity_id, 'accept');
      expect(response.statusCode, response.body).toBe(200);
      results.push((response.json() as Opportunity).result ?? {});
    }
    const [monitorResult, feedResult, ruleResult] = results;
    const schedule = await client.inject({ url: `/api/schedules/${monitorResult?.schedule_id}` });
    expect(schedule.json()).toMatchObject({ kind: 'monitor', url: 'https://status.example.com/' });
    const subscription = await client.inject({
      url: `/api/subscriptions/${feedResult?.subscription_id}`,
    });
    expect(subscription.json()).toMatchObject({
      kind: 'feed',
      url: 'https://blog.example.com/feed.xml',
    });
    const made = await client.inject({ url: `/api/behavioral-rules/${ruleResult?.rule_id}` });
    expect(made.json()).toMatchObject({ text: 'Always answer in metric units.', enabled: true });
    expect(await audited('opportunity.accept', rule.opportunity_id)).toHaveLength(1);
    expect(await audited('behavioral.rule_create', ruleResult?.rule_id as string)).toHaveLength(1);
  });

  it('keeps a dismissed one away until new evidence appears', async () => {
    const widget = await find('monitor', 'shop.example.com');
    const dismissed = await post(widget.opportunity_id, 'dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', decided_by: 'admin' });
    expect(await audited('opportunity.dismiss', widget.opportunity_id)).toHaveLength(1);
    expect((await list()).map((item) => item.opportunity_id)).not.toContain(widget.opportunity_id);

    // A new trace makes the detectors run again; nothing new about the widget page.
    await seedTraces(t, [{ request_id: 'unrelated', at: new Date(), input: 'hello' }]);
    expect((await list()).map((item) => item.opportunity_id)).not.toContain(widget.opportunity_id);
    expect((await list('dismissed')).map((item) => item.opportunity_id)).toContain(
      widget.opportunity_id,
    );

    await seedTraces(t, [read('q-4', new Date(), 'https://shop.example.com/widget')]);
    const reopened = await find('monitor', 'shop.example.com');
    expect(reopened.opportunity_id).toBe(widget.opportunity_id);
    expect(reopened.evidence.count).toBe(4);
  });

  it('snoozes one until its time passes', async () => {
    const news = await find('subscription', 'news.example.com');
    const before = since();
    const snoozed = await post(news.opportunity_id, 'snooze', { duration: '2d' });
    expect(snoozed.statusCode).toBe(200);
    const body = snoozed.json() as Opportunity;
    expect(body.status).toBe('snoozed');
    const until = new Date(body.snoozed_until ?? 0).getTime();
    expect(until - new Date(before).getTime()).toBeGreaterThan(2 * 86_400_000 - 5_000);
    expect(await audited('opportunity.snooze', news.opportunity_id)).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ until: body.snoozed_until }) }),
    ]);
    expect((await list()).map((item) => item.opportunity_id)).not.toContain(news.opportunity_id);
    expect((await list('snoozed')).map((item) => item.opportunity_id)).toContain(
      news.opportunity_id,
    );
    await sql`update candidates set snoozed_until = now() - interval '1 minute'
      where candidate_id = ${news.opportunity_id}`.execute(t.sql.db);
    expect((await find('subscription', 'news.example.com')).status).toBe('open');
  });

  it('refuses bad input and unknown ids', async () => {
    const any = (await list())[0] as Opportunity;
    const bad = await post(any.opportunity_id, 'snooze', { duration: 'forever' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/duration' }],
    });
    expect((await post('no-such-id', 'accept')).statusCode).toBe(404);
    expect((await post('no-such-id', 'dismiss')).json().error).toBe('not_found');
    const status = await client.inject({ url: '/api/opportunities?status=maybe' });
    expect(status.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/opportunities/${any.opportunity_id}/dismiss`,
      headers: { cookie: client.cookie },
    });
    expect(unsigned.statusCode).toBe(403);
    expect(
      (await client.inject({ url: `/api/opportunities/${any.opportunity_id}` })).json(),
    ).toMatchObject({
      status: 'open',
    });
  });
});
