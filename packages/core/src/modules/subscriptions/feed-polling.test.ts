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

const NEW_ITEMS =
  rssItem({
    title: 'Spring sportive: entries open',
    link: 'https://tideline.example.org/2026/11/22/spring-sportive/',
    guid: 'https://tideline.example.org/?p=4830',
    pubDate: 'Sun, 22 Nov 2026 09:30:00 +0000',
    creator: 'Sam Okafor',
    html: '<p>Entries for the <strong>Spring Sportive</strong> are open. <a href="/sportive/">Sign up</a>.</p>',
  }) +
  rssItem({
    title: 'Lost: one blue glove',
    pubDate: 'Sat, 21 Nov 2026 16:00:00 +0000',
    html: 'Left at the caf&eacute; stop. Ask at the boathouse.',
  });

describe.each(await sqlTestBackends())('feed polling (%s)', (backend) => {
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

  /** A paused subscription: only the checks the test makes poll it. */
  const subscribe = async (pathname: string) => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { kind: 'feed', name: 'Tideline', url: fake.feedUrl(pathname), enabled: false },
    });
    expect(response.statusCode).toBe(201);
    return response.json().subscription_id as string;
  };
  const check = async (id: string) => {
    const response = await client.inject({ method: 'POST', url: `/api/subscriptions/${id}/check` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const feedEvents = async (id: string) => {
    await t.app.eventQueue.drain();
    const page = (
      await client.inject({ method: 'GET', url: `/api/events?kind=feed.item&source=${id}` })
    ).json();
    return page.events as { title: string; detail: Record<string, unknown> }[];
  };
  const feedNotes = async () => (await t.app.notes.list({ source: 'feed', limit: 100 })).notes;

  it('announces the newest 3 at first, then exactly the items the feed gains, then nothing', async () => {
    fake.setFeed('/tideline/feed/', rss);
    const id = await subscribe('/tideline/feed/');

    const first = await check(id);
    expect(first).toMatchObject({
      ok: true,
      error: null,
      feed: { not_modified: false, items_in_feed: 5 },
    });
    expect(first.feed.new_items).toHaveLength(5);
    expect(
      first.feed.new_items
        .filter((i: { announced: boolean }) => i.announced)
        .map((i: { title: string }) => i.title),
    ).toEqual([
      'Club AGM moved to 3 December',
      'Episode 14 – Night riding on the coast road',
      'Winter tyre pressures: what we actually run',
    ]);
    expect(first.subscription).toMatchObject({
      items_seen: 5,
      last_error: null,
      consecutive_failures: 0,
    });
    expect((await feedEvents(id)).map((e) => e.title)).toEqual([
      'Tideline: Winter tyre pressures: what we actually run',
      'Tideline: Episode 14 – Night riding on the coast road',
      'Tideline: Club AGM moved to 3 December',
    ]);
    const notesBefore = (await feedNotes()).length;

    fake.setFeed('/tideline/feed/', prependRssItems(rss, NEW_ITEMS));
    const second = await check(id);
    expect(
      second.feed.new_items.map((i: { title: string; announced: boolean }) => [
        i.title,
        i.announced,
      ]),
    ).toEqual([
      ['Lost: one blue glove', true],
      ['Spring sportive: entries open', true],
    ]);
    const events = await feedEvents(id);
    expect(events).toHaveLength(5);
    expect(events[0]?.detail).toMatchObject({
      subscription_id: id,
      title: 'Spring sportive: entries open',
      link: 'https://tideline.example.org/2026/11/22/spring-sportive/',
      published_at: '2026-11-22T09:30:00.000Z',
    });
    const notes = await feedNotes();
    expect(notes).toHaveLength(notesBefore + 2);
    const sportive = notes.find((n) => n.title === 'Spring sportive: entries open');
    expect(sportive).toMatchObject({
      source: 'feed',
      source_ref: 'https://tideline.example.org/2026/11/22/spring-sportive/',
      tags: ['feed', 'tideline'],
    });
    expect(sportive?.body).toContain(
      'Entries for the Spring Sportive are open. Sign up [https://tideline.example.org/sportive/].',
    );
    expect(sportive?.body).toContain('By: Sam Okafor');
    expect(sportive?.body).not.toContain('<strong>');
    expect(events[0]?.detail.note_id).toBe(sportive?.note_id);
    // An item without guid or link is a note whose source_ref is null.
    expect(notes.find((n) => n.title === 'Lost: one blue glove')).toMatchObject({
      source_ref: null,
      body: expect.stringContaining('Left at the café stop.'),
    });

    // Unchanged: the server answers 304 to the validators of the last answer.
    const third = await check(id);
    expect(third).toMatchObject({ ok: true, feed: { not_modified: true, new_items: [] } });
    expect(fake.requests.at(-1)?.headers['if-none-match']).toBeTruthy();

    // Changed text, same items (two of them without guid): nothing is new, nothing doubled.
    fake.setFeed(
      '/tideline/feed/',
      prependRssItems(rss, NEW_ITEMS)
        .replace('Bring your own mug.', 'Bring a mug.')
        .replace('Ask at the boathouse.', 'Ask Sam.'),
    );
    const fourth = await check(id);
    expect(fourth).toMatchObject({
      ok: true,
      feed: { not_modified: false, items_in_feed: 7, new_items: [] },
    });
    expect(fourth.subscription.items_seen).toBe(7);
    expect(await feedEvents(id)).toHaveLength(5);
    expect(await feedNotes()).toHaveLength(notesBefore + 2);
  });

  it('lists the items seen, newest first, keyset-paged', async () => {
    fake.setFeed('/atom.xml', {
      body: await readFeedFixture('jekyll-atom.xml'),
      contentType: 'application/atom+xml',
    });
    const id = await subscribe('/atom.xml');
    await check(id);
    const first = (
      await client.inject({ method: 'GET', url: `/api/subscriptions/${id}/items?limit=2` })
    ).json();
    expect(first.items).toHaveLength(2);
    const rest = (
      await client.inject({
        method: 'GET',
        url: `/api/subscriptions/${id}/items?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`,
      })
    ).json();
    expect(rest.next_cursor).toBeNull();
    // Recorded oldest first, so the newest item was seen last and lists first; relative links
    // resolve against the address the feed was fetched from.
    expect([...first.items, ...rest.items].map((i: { link: string }) => i.link)).toEqual([
      `${fake.url}/2026/11/21/keyset-pagination/`,
      `${fake.url}/2026/11/07/skip-locked/`,
      // An absolute link stays as the feed wrote it.
      'https://notes.example.dev/2026/10/24/pgconf-vacuum/',
    ]);
  });

  it('records a failing feed in last_error and recovers', async () => {
    fake.setFeed('/broken.xml', {
      body: await readFeedFixture('not-a-feed.html'),
      contentType: 'text/html; charset=UTF-8',
    });
    const id = await subscribe('/broken.xml');
    const malformed = await check(id);
    expect(malformed).toMatchObject({
      ok: false,
      feed: null,
      subscription: { consecutive_failures: 1 },
    });
    expect(malformed.error).toMatch(/^Not an RSS or Atom feed/);
    expect(malformed.subscription.last_error).toBe(malformed.error);

    fake.setFeed('/broken.xml', {
      body: 'upstream exploded',
      status: 500,
      contentType: 'text/plain',
    });
    const failed = await check(id);
    expect(failed).toMatchObject({
      ok: false,
      error: 'The feed answered HTTP 500',
      subscription: { consecutive_failures: 2, last_success_at: null },
    });

    fake.setFeed('/broken.xml', rss);
    const fixed = await check(id);
    expect(fixed).toMatchObject({
      ok: true,
      subscription: { last_error: null, consecutive_failures: 0 },
    });
    expect(fixed.subscription.last_success_at).not.toBeNull();
  });

  it('keeps subscriptions and the items they have seen across a restart', async () => {
    fake.setFeed('/restart.xml', rss);
    const id = await subscribe('/restart.xml');
    await check(id);
    t = await t.restart();
    client = await t.login();
    const after = (await client.inject({ method: 'GET', url: `/api/subscriptions/${id}` })).json();
    expect(after).toMatchObject({ subscription_id: id, name: 'Tideline', items_seen: 5 });
    fake.setFeed('/restart.xml', `${rss}\n<!-- rebuilt -->`);
    const again = await check(id);
    expect(again).toMatchObject({ ok: true, feed: { not_modified: false, new_items: [] } });
  });
});
