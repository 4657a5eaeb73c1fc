import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeeds, startFakeFeeds } from '../../testing/fakes/fake-feeds.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(await sqlTestBackends())('price alerts (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let fake: FakeFeeds;
  beforeAll(async () => {
    fake = await startFakeFeeds();
    t = await createTestApp({ sql: backend, env: { SSRF_ALLOWLIST: '127.0.0.1' } });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A paused alert on the fake's JSON quote API: only the test's checks poll it. */
  const alert = async (symbol: string, condition: 'above' | 'below', threshold: number) => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        kind: 'price_alert',
        symbol,
        source: 'json_url',
        url_template: fake.quoteTemplate,
        json_path: 'data.price',
        condition,
        threshold,
        enabled: false,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().subscription_id as string;
  };
  /** Sets the quote, checks, and returns whether this check crossed. */
  const checkAt = async (id: string, symbol: string, price: number) => {
    fake.setQuote(symbol, price);
    const response = await client.inject({ method: 'POST', url: `/api/subscriptions/${id}/check` });
    const result = response.json();
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, price: { price } });
    return result.price.crossed as boolean;
  };
  const crossings = async (id: string) => {
    await t.app.eventQueue.drain();
    const page = (
      await client.inject({ method: 'GET', url: `/api/events?kind=price.crossed&source=${id}` })
    ).json();
    return page.events as { title: string; detail: Record<string, unknown> }[];
  };

  it('raises price.crossed once per crossing above, re-armed when the price falls back', async () => {
    const id = await alert('ACME', 'above', 100);
    const crossed = [];
    for (const price of [95, 100, 105, 110, 99, 101, 150])
      crossed.push(await checkAt(id, 'ACME', price));
    // 100 is not above 100; 105 crosses; 110 stays beyond; 99 re-arms; 101 crosses again.
    expect(crossed).toEqual([false, false, true, false, false, true, false]);

    const events = await crossings(id);
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.detail.price)).toEqual([101, 105]);
    expect(events[1]).toMatchObject({
      title: 'ACME above 100: now 105',
      detail: { symbol: 'ACME', condition: 'above', threshold: 100, previous_price: 100 },
    });
    const inbox = (
      await client.inject({ method: 'GET', url: '/api/notifications?limit=200' })
    ).json();
    expect(
      inbox.notifications.filter((n: { kind: string }) => n.kind === 'price.crossed'),
    ).toHaveLength(2);

    const state = (await client.inject({ method: 'GET', url: `/api/subscriptions/${id}` })).json();
    expect(state).toMatchObject({ last_price: 150, triggered: true, last_error: null });
    expect(state.last_checked_at).not.toBeNull();
  });

  it('fires a below alert at once when the first price is already beyond, then after each re-arm', async () => {
    const id = await alert('DIPCO', 'below', 20);
    const crossed = [];
    for (const price of [18.5, 19, 20, 25, 19.99]) crossed.push(await checkAt(id, 'DIPCO', price));
    expect(crossed).toEqual([true, false, false, false, true]);
    expect(await crossings(id)).toHaveLength(2);
  });

  it('counts a crossing once when checks race', async () => {
    const id = await alert('RACE', 'above', 10);
    fake.setQuote('RACE', 11);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.inject({ method: 'POST', url: `/api/subscriptions/${id}/check` }),
      ),
    );
    expect(results.filter((r) => r.json().price?.crossed)).toHaveLength(1);
    expect(await crossings(id)).toHaveLength(1);
  });

  it('re-arms when the rule changes: a price already beyond the new threshold is a crossing', async () => {
    const id = await alert('SHIFT', 'above', 50);
    expect(await checkAt(id, 'SHIFT', 60)).toBe(true);
    expect(await checkAt(id, 'SHIFT', 61)).toBe(false);
    const changed = await client.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      payload: { threshold: 55 },
    });
    expect(changed.json()).toMatchObject({ threshold: 55, triggered: false, last_price: 61 });
    expect(await checkAt(id, 'SHIFT', 62)).toBe(true);
  });

  it('records a quote that cannot be read in last_error', async () => {
    const id = await alert('GONE', 'above', 1);
    fake.setQuote('GONE', undefined);
    const missing = (
      await client.inject({ method: 'POST', url: `/api/subscriptions/${id}/check` })
    ).json();
    expect(missing).toMatchObject({
      ok: false,
      error: 'The json_url quote answered HTTP 404',
      price: null,
      subscription: { last_error: 'The json_url quote answered HTTP 404', consecutive_failures: 1 },
    });
    const wrongPath = await client.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${id}`,
      payload: { json_path: 'data.last' },
    });
    expect(wrongPath.statusCode).toBe(200);
    fake.setQuote('GONE', 3);
    const nothing = (
      await client.inject({ method: 'POST', url: `/api/subscriptions/${id}/check` })
    ).json();
    expect(nothing.error).toBe('The quote URL has nothing at data.last');
    expect(await crossings(id)).toHaveLength(0);
  });
});
