import { describe, expect, it } from 'vitest';
import { readFeedFixture } from '../../testing/fakes/fake-feeds.js';
import { FeedFormatError, newestFirst, readFeed } from './feed-document.js';

describe('reading real feeds', () => {
  it('reads a WordPress RSS 2.0 feed: CDATA, content:encoded, dc:creator, media, enclosures', async () => {
    const feed = readFeed(
      await readFeedFixture('wordpress-rss2.xml'),
      'https://tideline.example.org/feed/',
    );
    expect(feed).toMatchObject({
      title: 'Field Notes – Tideline Cycling Club',
      link: 'https://tideline.example.org/',
      format: 'rss 2.0',
    });
    expect(feed.entries.map((e) => [e.title, e.link, e.publishedAt?.toISOString()])).toEqual([
      [
        'Winter tyre pressures: what we actually run',
        'https://tideline.example.org/2026/11/20/winter-tyre-pressures/',
        '2026-11-20T18:40:02.000Z',
      ],
      [
        'Episode 14 – Night riding on the coast road',
        'https://tideline.example.org/2026/11/18/episode-14-night-riding/',
        '2026-11-18T07:00:00.000Z',
      ],
      // A relative link, resolved against the site the feed is for.
      [
        'Club AGM moved to 3 December',
        'https://tideline.example.org/2026/11/15/agm-moved/',
        '2026-11-15T12:00:00.000Z',
      ],
      ['Ride cancelled: storm warning', null, '2026-11-14T06:15:00.000Z'],
      // HTML in a CDATA title loses its tags.
      [
        'Routes & Rules: the new group-ride etiquette',
        'https://tideline.example.org/2026/11/09/group-ride-etiquette/',
        '2026-11-09T20:05:31.000Z',
      ],
    ]);
    const [tyres, podcast, agm, storm] = feed.entries;
    // content:encoded wins over the description; HTML becomes text, scripts go, links are absolute.
    expect(tyres?.text).toContain('Here’s the table we tape to the workshop door.');
    expect(tyres?.text).toMatch(/28 mm\s+4\.8 bar\s+5\.2 bar/);
    expect(tyres?.text).toContain(
      'tubeless guide [https://tideline.example.org/guides/tubeless/] first & drop',
    );
    expect(tyres?.text).not.toContain('trackRead');
    expect(tyres?.text).not.toContain('<');
    expect(tyres?.authors).toEqual(['Maren Holt']);
    expect(tyres?.guid).toBe('https://tideline.example.org/?p=4812');
    expect(tyres?.media).toEqual([
      {
        url: 'https://tideline.example.org/wp-content/uploads/2026/11/pump-gauge.jpg',
        type: 'image/jpeg',
      },
    ]);
    expect(podcast?.media).toEqual([
      { url: 'https://media.tideline.example.org/podcast/tideline-ep14.mp3', type: 'audio/mpeg' },
    ]);
    expect(agm?.guid).toBeNull();
    expect(storm?.text).toBe(
      'Saturday’s long ride is cancelled. Amber wind warning until 18:00 — stay in.',
    );
  });

  it('reads a Jekyll Atom 1.0 feed: relative links, escaped and XHTML content, updated-only dates', async () => {
    const feed = readFeed(
      await readFeedFixture('jekyll-atom.xml'),
      'https://notes.example.dev/feed.xml',
    );
    expect(feed).toMatchObject({
      title: "Ada's Engineering Notes",
      link: 'https://notes.example.dev/',
      format: 'atom 1.0',
    });
    expect(
      feed.entries.map((e) => [e.title, e.link, e.publishedAt?.toISOString(), e.guid]),
    ).toEqual([
      [
        'Keyset pagination with row tuples',
        'https://notes.example.dev/2026/11/21/keyset-pagination/',
        '2026-11-21T09:00:00.000Z',
        'https://notes.example.dev/2026/11/21/keyset-pagination',
      ],
      [
        'Why SKIP LOCKED is enough for a job queue',
        'https://notes.example.dev/2026/11/07/skip-locked/',
        '2026-11-07T18:30:00.000Z',
        'https://notes.example.dev/2026/11/07/skip-locked',
      ],
      [
        'Notes from PGConf: vacuum, again',
        'https://notes.example.dev/2026/10/24/pgconf-vacuum/',
        '2026-10-24T12:00:00.000Z',
        'tag:notes.example.dev,2026-10-24:/pgconf-vacuum',
      ],
    ]);
    const [keyset, skipLocked, pgconf] = feed.entries;
    expect(keyset?.text).toContain(
      'covering index post [https://notes.example.dev/2026/10/02/covering-indexes/]',
    );
    expect(keyset?.text).toContain('where (created_at, id) < ($1, $2)');
    expect(keyset?.media[0]?.url).toBe('https://notes.example.dev/assets/img/keyset.png');
    expect(skipLocked?.text).toContain(
      'the bench folder [https://notes.example.dev/bench/queues/]',
    );
    expect(pgconf?.text).toBe('Autovacuum tuning is still the talk everyone attends.');
  });

  it('resolves relative links against the address the feed was fetched from', async () => {
    const xml = await readFeedFixture('jekyll-atom.xml');
    const feed = readFeed(xml, 'http://127.0.0.1:8081/blog/feed.xml');
    expect(feed.link).toBe('http://127.0.0.1:8081/');
    expect(feed.entries[0]?.link).toBe('http://127.0.0.1:8081/2026/11/21/keyset-pagination/');
  });

  it('identifies items by guid, else link, else title and date, stable across edits of the text', async () => {
    const xml = await readFeedFixture('wordpress-rss2.xml');
    const first = readFeed(xml, 'https://tideline.example.org/feed/');
    const edited = readFeed(
      xml.replace('Bring your own mug.', 'Bring a mug.').replace('stay in.', 'stay home.'),
      'https://tideline.example.org/feed/',
    );
    expect(edited.entries.map((e) => e.key)).toEqual(first.entries.map((e) => e.key));
    expect(new Set(first.entries.map((e) => e.key)).size).toBe(first.entries.length);
    // A different date makes a different item when there is neither guid nor link.
    const moved = readFeed(
      xml.replace('Sat, 14 Nov 2026 06:15:00 +0000', 'Sat, 21 Nov 2026 06:15:00 +0000'),
      'https://tideline.example.org/feed/',
    );
    expect(moved.entries[3]?.key).not.toBe(first.entries[3]?.key);
  });

  it('refuses what is not a feed', async () => {
    expect(() => readFeed('{"items": []}', 'https://x.example/')).toThrow(FeedFormatError);
    expect(() => readFeed('', 'https://x.example/')).toThrow(FeedFormatError);
    const page = await readFeedFixture('not-a-feed.html');
    expect(() => readFeed(page, 'https://tideline.example.org/feed/')).toThrow(
      /Not an RSS or Atom feed/,
    );
  });

  it('orders newest first, undated items in document order', async () => {
    const feed = readFeed(
      await readFeedFixture('wordpress-rss2.xml'),
      'https://tideline.example.org/feed/',
    );
    const shuffled = [feed.entries[3], feed.entries[0], feed.entries[4], feed.entries[1]].filter(
      (entry) => entry !== undefined,
    );
    expect(newestFirst(shuffled).map((e) => e.publishedAt?.getUTCDate())).toEqual([20, 18, 14, 9]);
  });
});
