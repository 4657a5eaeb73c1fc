import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeeds, readFeedFixture, startFakeFeeds } from '../../testing/fakes/fake-feeds.js';
import { type LocalServer, startLocalServer } from '../../testing/local-server.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(await sqlTestBackends())('subscriptions API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let fake: FakeFeeds;
  let privateServer: LocalServer;
  beforeAll(async () => {
    fake = await startFakeFeeds();
    fake.setFeed('/feed/', await readFeedFixture('wordpress-rss2.xml'));
    // A second loopback address the allowlist does not name: what SSRF protection must refuse.
    privateServer = await startLocalServer(
      (_, response) => void response.end('<rss/>'),
      '127.0.0.2',
    );
    t = await createTestApp({ sql: backend, env: { SSRF_ALLOWLIST: '127.0.0.1' } });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await privateServer.close();
  });

  const post = (payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/subscriptions', payload });
  const patch = (id: string, payload: Record<string, unknown>) =>
    client.inject({ method: 'PATCH', url: `/api/subscriptions/${id}`, payload });

  it('creates, lists, changes and removes a feed, audited', async () => {
    const created = await post({ kind: 'feed', url: fake.feedUrl('/feed/'), enabled: false });
    expect(created.statusCode).toBe(201);
    const feed = created.json();
    expect(feed).toMatchObject({
      kind: 'feed',
      name: `${new URL(fake.url).host}/feed`,
      url: fake.feedUrl('/feed/'),
      enabled: false,
      interval_seconds: 3600,
      created_by: 'admin',
      next_check_at: null,
      last_checked_at: null,
      items_seen: 0,
    });
    const id = feed.subscription_id;

    const changed = await patch(id, { name: 'Tideline', interval_seconds: 900, enabled: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Tideline',
      interval_seconds: 900,
      enabled: true,
    });
    expect(changed.json().next_check_at).not.toBeNull();

    const listed = await client.inject({ method: 'GET', url: '/api/subscriptions?kind=feed' });
    expect(
      listed.json().subscriptions.map((s: { subscription_id: string }) => s.subscription_id),
    ).toContain(id);
    const none = await client.inject({ method: 'GET', url: '/api/subscriptions?kind=price_alert' });
    expect(none.json().subscriptions.every((s: { kind: string }) => s.kind === 'price_alert')).toBe(
      true,
    );

    const removed = await client.inject({ method: 'DELETE', url: `/api/subscriptions/${id}` });
    expect(removed.json()).toEqual({ ok: true });
    expect(
      (await client.inject({ method: 'GET', url: `/api/subscriptions/${id}` })).statusCode,
    ).toBe(404);

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 10, action: 'subscription.*' });
    const mine = entries.filter((e) => e.target === id);
    expect(mine.map((e) => e.action)).toEqual([
      'subscription.delete',
      'subscription.update',
      'subscription.create',
    ]);
    expect(mine[1]?.detail).toMatchObject({
      changed: ['name', 'enabled', 'interval_seconds'],
      name: 'Tideline',
    });
    expect(mine[2]?.detail).toMatchObject({ kind: 'feed', url: fake.feedUrl('/feed/') });
  });

  it('creates a price alert on a named source, and lists the quote sources', async () => {
    const created = await post({
      kind: 'price_alert',
      symbol: 'bitcoin',
      source: 'coingecko',
      condition: 'above',
      threshold: 100_000,
      enabled: false,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'price_alert',
      name: 'bitcoin above 100000',
      interval_seconds: 900,
      url_template: null,
      json_path: null,
      last_price: null,
      triggered: false,
    });
    const sources = (
      await client.inject({ method: 'GET', url: '/api/subscriptions/quote-sources' })
    ).json();
    expect(sources.sources.map((s: { name: string }) => s.name)).toEqual([
      'coingecko',
      'stooq',
      'json_url',
    ]);
    expect(sources.sources[2]).toMatchObject({ needs: ['url_template', 'json_path'] });
  });

  it('refuses a second subscription to the same feed with 409 already_subscribed', async () => {
    const first = (
      await post({ kind: 'feed', url: fake.feedUrl('/twice.xml'), enabled: false })
    ).json();
    const again = await post({ kind: 'feed', url: fake.feedUrl('/twice.xml'), enabled: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'already_subscribed',
      subscription_id: first.subscription_id,
    });
    const other = (
      await post({ kind: 'feed', url: fake.feedUrl('/other.xml'), enabled: false })
    ).json();
    const clash = await patch(other.subscription_id, { url: fake.feedUrl('/twice.xml') });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe('already_subscribed');
  });

  it('refuses invalid bodies with 400 validation_error', async () => {
    const price = { kind: 'price_alert', symbol: 'ACME', condition: 'above', threshold: 10 };
    const bad: Record<string, unknown>[] = [
      { kind: 'feed' },
      { kind: 'feed', url: 'file:///etc/passwd' },
      { kind: 'feed', url: fake.feedUrl('/x'), interval_seconds: 299 },
      { kind: 'feed', url: fake.feedUrl('/x'), symbol: 'ACME' },
      { kind: 'podcast', url: fake.feedUrl('/x') },
      { ...price, source: 'yahoo' },
      { ...price, source: 'json_url' },
      { ...price, source: 'json_url', url_template: `${fake.url}/quote`, json_path: 'price' },
      { ...price, source: 'json_url', url_template: fake.quoteTemplate, json_path: 'data..price' },
      { ...price, source: 'coingecko', url_template: fake.quoteTemplate },
      { ...price, source: 'stooq', symbol: 'aapl us' },
      { ...price, source: 'stooq', threshold: 'high' },
    ];
    for (const payload of bad) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    const feed = (
      await post({ kind: 'feed', url: fake.feedUrl('/patch.xml'), enabled: false })
    ).json();
    const alert = (await post({ ...price, source: 'stooq', enabled: false })).json();
    for (const [id, payload] of [
      [feed.subscription_id, {}],
      [feed.subscription_id, { symbol: 'ACME' }],
      [feed.subscription_id, { interval_seconds: 10 }],
      [alert.subscription_id, { url: fake.feedUrl('/x') }],
      [alert.subscription_id, { source: 'json_url' }],
      [alert.subscription_id, { json_path: 'data.price' }],
    ] as const) {
      const response = await patch(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
  });

  it('refuses private URLs that are not allowlisted with 400 url_blocked, at creation and change', async () => {
    const blocked = [
      { kind: 'feed', url: `${privateServer.url}/feed.xml` },
      { kind: 'feed', url: 'http://169.254.169.254/latest/meta-data/' },
      { kind: 'feed', url: 'http://[::1]:8080/feed' },
      {
        kind: 'price_alert',
        symbol: 'ACME',
        source: 'json_url',
        url_template: 'http://10.0.0.7/quote?s={symbol}',
        json_path: 'data.price',
        condition: 'above',
        threshold: 1,
      },
    ];
    for (const payload of blocked) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('url_blocked');
    }
    const feed = (
      await post({ kind: 'feed', url: fake.feedUrl('/fine.xml'), enabled: false })
    ).json();
    const moved = await patch(feed.subscription_id, { url: `${privateServer.url}/feed.xml` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe('url_blocked');
    expect(privateServer.requests).toHaveLength(0);
  });

  it('answers 404 not_found for unknown subscriptions on every route', async () => {
    const id = 'no-such-subscription';
    for (const [method, url] of [
      ['GET', `/api/subscriptions/${id}`],
      ['DELETE', `/api/subscriptions/${id}`],
      ['POST', `/api/subscriptions/${id}/check`],
      ['GET', `/api/subscriptions/${id}/items`],
    ] as const) {
      const response = await client.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect((await patch(id, { name: 'x' })).statusCode).toBe(404);
  });
});
