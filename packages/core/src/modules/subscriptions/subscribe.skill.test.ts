import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeeds, readFeedFixture, startFakeFeeds } from '../../testing/fakes/fake-feeds.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { RunTrace } from '../runtime/run-trace.js';
import type { RunContext } from '../runtime/skill-runner.js';

describe('the subscribe skill, through the policy gate', () => {
  let t: TestApp;
  let fake: FakeFeeds;
  beforeAll(async () => {
    fake = await startFakeFeeds();
    fake.setFeed('/feed.xml', await readFeedFixture('wordpress-rss2.xml'));
    t = await createTestApp({ env: { SSRF_ALLOWLIST: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const context = (): RunContext => ({
    requestId: 'req-subscribe',
    chatId: 'chat-1',
    goalId: null,
    actor: 'agent',
    depth: 0,
    signal: new AbortController().signal,
    log: t.app.log,
    trace: new RunTrace(),
    onProgress: () => {},
  });
  const run = (input: Record<string, unknown>) =>
    t.app.skillRunner.run('subscribe', input, context());

  it('subscribes to a feed, refuses it twice, lists and unsubscribes, each call audited', async () => {
    const subscribed = await run({
      action: 'subscribe_feed',
      url: fake.feedUrl('/feed.xml'),
      name: 'Tideline',
    });
    expect(subscribed.status).toBe('done');
    const id = subscribed.output?.data?.subscription_id as string;
    expect(subscribed.modelText).toContain(`Subscribed to Tideline (${fake.feedUrl('/feed.xml')})`);
    expect((await t.app.subscriptions.get(id)).created_by).toBe('agent');

    const twice = await run({ action: 'subscribe_feed', url: fake.feedUrl('/feed.xml') });
    expect(twice).toMatchObject({ status: 'error' });
    expect(twice.modelText).toContain(`already (subscription ${id})`);

    const alert = await run({
      action: 'price_alert',
      symbol: 'ACME',
      source: 'json_url',
      url_template: fake.quoteTemplate,
      json_path: 'data.price',
      condition: 'below',
      threshold: 42.5,
    });
    expect(alert.status).toBe('done');
    const listed = await run({ action: 'list' });
    expect(listed.modelText).toContain(`${id} feed "Tideline"`);
    expect(listed.modelText).toContain('ACME (json_url) below 42.5');
    const feedsOnly = await run({ action: 'list', kind: 'feed' });
    expect(feedsOnly.modelText).not.toContain('ACME');

    const removed = await run({ action: 'unsubscribe', subscription_id: id });
    expect(removed).toMatchObject({
      status: 'done',
      modelText: `Unsubscribed from Tideline (${id}).`,
    });
    const again = await run({ action: 'unsubscribe', subscription_id: id });
    expect(again.modelText).toBe('Error: No such subscription');

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 20, action: 'skill.subscribe' });
    expect(entries.map((e) => e.detail.status)).toEqual([
      'error',
      'done',
      'done',
      'done',
      'done',
      'error',
      'done',
    ]);
    expect(entries.at(-1)).toMatchObject({
      actor: 'agent',
      target: id,
      request_id: 'req-subscribe',
    });
  });

  it('refuses blocked URLs and intervals under the minimum', async () => {
    const blocked = await run({
      action: 'subscribe_feed',
      url: 'http://169.254.169.254/latest/meta-data/',
    });
    expect(blocked.status).toBe('error');
    expect(blocked.modelText).toBe(
      'Error: http://169.254.169.254/latest/meta-data/ resolves to 169.254.169.254, a cloud metadata address',
    );
    const tooOften = await run({
      action: 'subscribe_feed',
      url: fake.feedUrl('/other.xml'),
      interval_seconds: 60,
    });
    expect(tooOften.modelText).toContain('interval_seconds: must be at least 300 seconds');
    const incomplete = await run({
      action: 'price_alert',
      symbol: 'ACME',
      source: 'json_url',
      condition: 'above',
      threshold: 1,
    });
    expect(incomplete.modelText).toContain('url_template is required with source json_url');
  });
});
