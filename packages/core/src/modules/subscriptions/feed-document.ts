import { createHash } from 'node:crypto';
import { parseFeed } from '@rowanmanning/feed-parser';
import { htmlToText } from '../../net/html-text.js';

/** One item of a feed, reduced to what the agent keeps: plain text and absolute links. */
export interface FeedEntry {
  /** sha256 (hex) of the identity: the guid, else the link, else the title and date. */
  key: string;
  guid: string | null;
  link: string | null;
  title: string;
  publishedAt: Date | null;
  /** The content (or else the description) as text; links inside it made absolute. */
  text: string;
  authors: string[];
  /** Enclosures and media:content, absolute. */
  media: { url: string; type: string | null }[];
}

export interface FeedDocument {
  title: string | null;
  /** The site the feed is for (absolute), when it says. */
  link: string | null;
  format: string;
  entries: FeedEntry[];
}

/** The document is not an RSS or Atom feed (an HTML page, an error body, broken XML). */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

function absolute(link: string | null | undefined, base: string): string | null {
  if (!link) return null;
  try {
    return new URL(link, base).href;
  } catch {
    return null;
  }
}

const TAG = /<[a-z!/][^>]*>/i;

/** Titles may be HTML (CDATA, Atom type="html"); tags go, entities are already decoded. */
function plainTitle(title: string | null): string {
  const text = title && TAG.test(title) ? htmlToText(title).text : (title ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

function identity(
  guid: string | null,
  link: string | null,
  title: string,
  date: Date | null,
  text: string,
) {
  if (guid) return `guid:${guid}`;
  if (link) return `link:${link}`;
  // Neither: the title and date (the text too, when both are missing) stand for the item.
  const seed = title || date ? `${title}|${date?.toISOString() ?? ''}` : text.slice(0, 2000);
  return `hash:${seed}`;
}

/**
 * Parses an RSS (0.9x, 1.0, 2.0) or Atom feed. Relative links resolve against the site link the
 * feed declares, itself resolved against `feedUrl` (where the document was fetched).
 */
export function readFeed(xml: string, feedUrl: string, maxEntries = 200): FeedDocument {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(xml);
  } catch (error) {
    const reason = (error as Error).message || 'unreadable';
    throw new FeedFormatError(`Not an RSS or Atom feed: ${reason}`);
  }
  const site = absolute(feed.url, feedUrl);
  const base = site ?? feedUrl;
  const entries: FeedEntry[] = [];
  const keys = new Set<string>();
  for (const item of feed.items.slice(0, maxEntries)) {
    const link = absolute(item.url, base);
    const html = item.content ?? item.description ?? '';
    const text = html ? htmlToText(html, link ?? base).text : '';
    const title = plainTitle(item.title) || plainTitle(text.split('\n')[0] ?? '').slice(0, 120);
    const publishedAt = item.published ?? item.updated ?? null;
    const guid = item.id?.trim() || null;
    const key = createHash('sha256')
      .update(identity(guid, link, title, publishedAt, text))
      .digest('hex');
    if (keys.has(key)) continue;
    keys.add(key);
    entries.push({
      key,
      guid,
      link,
      title: title || link || 'Untitled',
      publishedAt,
      text,
      authors: item.authors.map((author) => author.name ?? author.email ?? '').filter(Boolean),
      media: item.media
        .map((media) => ({ url: absolute(media.url, base), type: media.mimeType ?? null }))
        .filter((media): media is { url: string; type: string | null } => media.url !== null),
    });
  }
  return {
    title: feed.title ? plainTitle(feed.title) : null,
    link: site,
    format: `${feed.meta.type} ${feed.meta.version}`,
    entries,
  };
}

/** Newest first by date; undated items keep their place in the document (feeds list newest first). */
export function newestFirst(entries: FeedEntry[]): FeedEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const at = a.entry.publishedAt?.getTime();
      const bt = b.entry.publishedAt?.getTime();
      if (at !== undefined && bt !== undefined && at !== bt) return bt - at;
      return a.index - b.index;
    })
    .map(({ entry }) => entry);
}
