import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeFeeds,
  prependRssItems,
  readFeedFixture,
  rssItem,
  startFakeFeeds,
} from '../../testing/fakes/fake-feeds.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { backoffSeconds } from './poll-scheduler.js';
import { SUBSCRIPTION_TUNING } from './subscriptions.tuning.js';

// Seconds instead of minutes, so the background schedule can be watched in a test.
SUBSCRIPTION_TUNING.minIntervalSeconds = 1;
SUBSCRIPTION_TUNING.jobPollingSeconds = 0.5;

const WAIT = { timeout: 30_000, interval: 200 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('backoff', () => {
  it('doubles the interval per failure, up to a day, never below the interval', () => {
    expect([1, 2, 3].map((failures) => backoffSeconds(300, failures))).toEqual([600, 1200, 2400]);
    expect(backoffSeconds(3600, 10)).toBe(24 * 3600);
    expect(backoffSeconds(7 * 24 * 3600, 3)).toBe(7 * 24 * 3600);
  });
});

describe.each(await sqlTestBackends())('background polling (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let fake: FakeFeeds;
  let rss: string;
  beforeAll(async () => {
    fake = await startFakeFeeds();
    rss = await readFeedFixture('wordpress-rss2.xml');
    t = await createTestApp({ sql: backend, env: { SSRF_ALLOWLIST: '127.0.0.1' } });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const subscribe = async (pathname: string, extra: Record<string, unknown> = {}) => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { kind: 'feed', url: fake.feedUrl(pathname), ...extra },
    });
    expect(response.statusCode).toBe(201);
    return response.json().subscription_id as string;
  };
  const state = async (id: string) =>
    (await client.inject({ method: 'GET', url: `/api/subscriptions/${id}` })).json();
  const hits = (pathname: string) => fake.requests.filter((r) => r.url === pathname).length;
  const feedEvents = async (id: string) => {
    await t.app.eventQueue.drain();
    return (
      await client.inject({ method: 'GET', url: `/api/events?kind=feed.item&source=${id}` })
    ).json().events.length as number;
  };

  it('polls each subscription on its own schedule and raises what the feed gains', async () => {
    fake.setFeed('/scheduled.xml', rss);
    const id = await subscribe('/scheduled.xml', { interval_seconds: 1 });
    await expect.poll(() => feedEvents(id), WAIT).toBe(3);
    fake.setFeed(
      '/scheduled.xml',
      prependRssItems(
        rss,
        rssItem({
          title: 'Scheduled item',
          guid: 'sched-1',
          pubDate: 'Mon, 23 Nov 2026 08:00:00 +0000',
          html: '<p>Found by the schedule.</p>',
        }),
      ),
    );
    await expect.poll(() => feedEvents(id), WAIT).toBe(4);
    await expect.poll(() => hits('/scheduled.xml'), WAIT).toBeGreaterThanOrEqual(3);
    await client.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      payload: { enabled: false },
    });
  });

  it('never polls a paused subscription, and skips every poll while the flag is off', async () => {
    fake.setFeed('/paused.xml', rss);
    await subscribe('/paused.xml', { interval_seconds: 1, enabled: false });
    fake.setFeed('/flagged.xml', rss);
    const id = await subscribe('/flagged.xml', { interval_seconds: 1 });
    await expect.poll(() => hits('/flagged.xml'), WAIT).toBeGreaterThanOrEqual(1);

    await t.app.configuration.setFlag('monitors_and_subscriptions', false, 'admin', null);
    await sleep(1_500); // a poll that had read the flag before the change may still finish
    const before = hits('/flagged.xml');
    const checkedBefore = (await state(id)).last_checked_at;
    await sleep(3_000);
    expect(hits('/flagged.xml')).toBe(before);
    expect((await state(id)).last_checked_at).toBe(checkedBefore);

    await t.app.configuration.setFlag('monitors_and_subscriptions', true, 'admin', null);
    await expect.poll(() => hits('/flagged.xml'), WAIT).toBeGreaterThan(before);
    expect(hits('/paused.xml')).toBe(0);
    await client.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      payload: { enabled: false },
    });
  });

  it('polls once per due time with two replicas on the same stores', async () => {
    const replica = await t.replica({ SSRF_ALLOWLIST: '127.0.0.1' });
    try {
      fake.setFeed('/replicas.xml', rss);
      const id = await subscribe('/replicas.xml', { interval_seconds: 3600 });
      // The replica's own reconciler re-sends the same job: it must not become a second poll.
      await replica.app.subscriptions.get(id);
      await expect.poll(async () => (await state(id)).last_checked_at, WAIT).not.toBeNull();
      await sleep(2_500);
      expect(hits('/replicas.xml')).toBe(1);
      expect(await feedEvents(id)).toBe(3);
    } finally {
      await replica.close();
    }
  });

  it('keeps the schedule of a failing feed with backoff, and recovers', async () => {
    fake.setFeed('/failing.xml', {
      body: 'Service Unavailable',
      status: 503,
      contentType: 'text/plain',
    });
    const id = await subscribe('/failing.xml', { interval_seconds: 1 });
    await expect
      .poll(async () => (await state(id)).consecutive_failures, WAIT)
      .toBeGreaterThanOrEqual(2);
    const failing = await state(id);
    expect(failing.last_error).toBe('The feed answered HTTP 503');
    // After n failures the next poll waits 2^n intervals (from the poll's end, roughly).
    const wait = Date.parse(failing.next_check_at) - Date.parse(failing.last_checked_at);
    expect(wait).toBeGreaterThanOrEqual(2 ** failing.consecutive_failures * 1000 - 1000);
    fake.setFeed('/failing.xml', rss);
    await expect.poll(async () => (await state(id)).consecutive_failures, WAIT).toBe(0);
    await client.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      payload: { enabled: false },
    });
  });

  it('resumes the schedule after a restart', async () => {
    fake.setFeed('/restarted.xml', rss);
    const id = await subscribe('/restarted.xml', { interval_seconds: 2 });
    await expect.poll(() => hits('/restarted.xml'), WAIT).toBeGreaterThanOrEqual(1);
    t = await t.restart();
    client = await t.login();
    const restartedAt = Date.now();
    await expect
      .poll(async () => Date.parse((await state(id)).last_checked_at ?? '0'), WAIT)
      .toBeGreaterThan(restartedAt);
  });
});
