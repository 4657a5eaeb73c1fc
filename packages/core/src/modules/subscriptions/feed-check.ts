import type { FastifyBaseLogger } from 'fastify';
import { decodeBody } from '../../net/body-text.js';
import type { SafeFetcher } from '../../net/safe-fetch.js';
import { redactText } from '../../security/redact.js';
import type { EventQueue } from '../events/event-queue.js';
import { cleanTag, type NotesService } from '../notes/notes.service.js';
import { type FeedDocument, type FeedEntry, newestFirst, readFeed } from './feed-document.js';
import { PollError } from './poll-errors.js';
import type { SubscriptionItemsRepository } from './subscription-items.repository.js';
import type { SubscriptionRow } from './subscriptions.repository.js';
import { SUBSCRIPTION_TUNING } from './subscriptions.tuning.js';

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';
const MAX_FEED_BYTES = 5 * 1024 * 1024;
const SUMMARY_CHARS = 300;

export interface FeedCheck {
  notModified: boolean;
  itemsInFeed: number;
  /** Ids of the items this poll saw for the first time, oldest first. */
  newItemIds: string[];
  etag: string | null;
  lastModified: string | null;
}

/** A feed item the poll announced (as a note and a `feed.item` event), for memory to observe. */
export interface AnnouncedFeedItem {
  subscription_id: string;
  feed: string;
  title: string;
  /** The note's body: the item's text, link, authors, date and feed. */
  body: string;
  /** The item's link, else its guid: what identifies it outside the runtime. */
  ref: string | null;
  published_at: Date | null;
}

export interface FeedCheckDeps {
  fetcher: SafeFetcher;
  /** Told of each announced item once its note and event exist; must not block. */
  announced?(item: AnnouncedFeedItem): void;
  items: SubscriptionItemsRepository;
  notes: NotesService;
  eventQueue: EventQueue;
  log: FastifyBaseLogger;
}

/** XML declares its encoding in the prolog when the server's Content-Type does not. */
function charsetOf(contentType: string, body: Buffer): string {
  if (/charset=/i.test(contentType)) return contentType;
  const declared = /<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(
    body.subarray(0, 200).toString('latin1'),
  );
  return declared ? `${contentType || 'application/xml'}; charset=${declared[1]}` : contentType;
}

async function fetchFeed(fetcher: SafeFetcher, row: SubscriptionRow, signal?: AbortSignal) {
  const url = row.url as string;
  const headers: Record<string, string> = { accept: ACCEPT };
  // Conditional requests: a feed that has not changed costs the server (and us) a 304.
  if (row.etag) headers['if-none-match'] = row.etag;
  if (row.last_modified) headers['if-modified-since'] = row.last_modified;
  const result = await fetcher.fetch(url, { headers, maxBytes: MAX_FEED_BYTES, signal });
  if (result.status === 304) return { result, document: null };
  if (result.status < 200 || result.status >= 300)
    throw new PollError(`The feed answered HTTP ${result.status}`);
  const text = decodeBody(charsetOf(result.contentType, result.body), result.body);
  return { result, document: readFeed(text, result.url, SUBSCRIPTION_TUNING.maxItemsPerFeed) };
}

/** The first poll announces only the newest few; later polls everything new, up to a cap. */
function toAnnounce(document: FeedDocument, firstPoll: boolean): Set<string> {
  const limit = firstPoll
    ? SUBSCRIPTION_TUNING.firstPollAnnounced
    : SUBSCRIPTION_TUNING.maxAnnouncedPerPoll;
  return new Set(
    newestFirst(document.entries)
      .slice(0, limit)
      .map((entry) => entry.key),
  );
}

function noteBody(entry: FeedEntry, row: SubscriptionRow): string {
  const lines = [entry.text.trim(), ''];
  if (entry.link) lines.push(`Link: ${entry.link}`);
  if (entry.authors.length) lines.push(`By: ${entry.authors.join(', ')}`);
  if (entry.publishedAt) lines.push(`Published: ${entry.publishedAt.toISOString()}`);
  for (const media of entry.media)
    lines.push(`Attachment: ${media.url}${media.type ? ` (${media.type})` : ''}`);
  lines.push(`Feed: ${row.name}`);
  return lines.join('\n').trim();
}

/**
 * Polls one feed: records every item it has not seen, and for the ones to announce writes a
 * note (source feed, source_ref the item's link) and raises a `feed.item` event, oldest first.
 */
export async function checkFeed(
  deps: FeedCheckDeps,
  row: SubscriptionRow,
  signal?: AbortSignal,
): Promise<FeedCheck> {
  const { result, document } = await fetchFeed(deps.fetcher, row, signal);
  const validators = {
    etag: result.headers.etag ?? row.etag,
    lastModified: result.headers['last-modified'] ?? row.last_modified,
  };
  if (!document) return { notModified: true, itemsInFeed: 0, newItemIds: [], ...validators };

  const announce = toAnnounce(document, row.last_success_at === null);
  const oldestFirst = newestFirst(document.entries).reverse();
  const recorded = await deps.items.recordNew(
    row.subscription_id,
    oldestFirst.map((entry) => ({
      item_key: entry.key,
      guid: entry.guid,
      link: entry.link,
      title: entry.title,
      published_at: entry.publishedAt,
      announced: announce.has(entry.key),
    })),
  );
  await deps.items.touch(
    row.subscription_id,
    document.entries.map((entry) => entry.key).filter((key) => !recorded.has(key)),
  );
  await deps.items.forgetOlderThan(row.subscription_id, SUBSCRIPTION_TUNING.itemRetentionDays);

  const newItemIds: string[] = [];
  for (const entry of oldestFirst) {
    const itemId = recorded.get(entry.key);
    if (!itemId) continue;
    newItemIds.push(itemId);
    if (!announce.has(entry.key)) continue;
    const body = noteBody(entry, row);
    const note = await deps.notes.create({
      title: entry.title,
      body,
      tags: ['feed', cleanTag(row.name)],
      source: 'feed',
      source_ref: entry.link ?? entry.guid,
    });
    const eventId = await deps.eventQueue.publish({
      kind: 'feed.item',
      source: row.subscription_id,
      // publish() redacts the detail; the title is ours to redact.
      title: redactText(`${row.name}: ${entry.title}`).slice(0, 300),
      detail: {
        subscription_id: row.subscription_id,
        feed: row.name,
        title: entry.title,
        link: entry.link,
        guid: entry.guid,
        published_at: entry.publishedAt?.toISOString() ?? null,
        summary: entry.text.replace(/\s+/g, ' ').slice(0, SUMMARY_CHARS),
        note_id: note.note_id,
      },
    });
    await deps.items.setOutcome(itemId, { note_id: note.note_id, event_id: eventId });
    deps.announced?.({
      subscription_id: row.subscription_id,
      feed: row.name,
      title: entry.title,
      body,
      ref: entry.link ?? entry.guid,
      published_at: entry.publishedAt,
    });
  }
  deps.log.debug(
    {
      subscription_id: row.subscription_id,
      items: document.entries.length,
      new: newItemIds.length,
    },
    'feed polled',
  );
  return { notModified: false, itemsInFeed: document.entries.length, newItemIds, ...validators };
}
