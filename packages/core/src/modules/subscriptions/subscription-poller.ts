import type { FastifyBaseLogger } from 'fastify';
import type { SafeFetcher } from '../../net/safe-fetch.js';
import type { EventQueue } from '../events/event-queue.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { NotesService } from '../notes/notes.service.js';
import { type AnnouncedFeedItem, checkFeed, type FeedCheck } from './feed-check.js';
import { pollFailureReason } from './poll-errors.js';
import { checkPrice, type PriceCheck } from './price-check.js';
import type { SubscriptionItemsRepository } from './subscription-items.repository.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';

export interface PollOutcome {
  ok: boolean;
  error: string | null;
  /** The subscription after the poll recorded its result. */
  row: SubscriptionRow;
  feed: FeedCheck | null;
  price: PriceCheck | null;
}

export interface PollerDeps {
  fetcher: SafeFetcher;
  repository: SubscriptionsRepository;
  items: SubscriptionItemsRepository;
  notes: NotesService;
  eventQueue: EventQueue;
  events: RuntimeEvents;
  log: FastifyBaseLogger;
}

/** Runs one poll of a subscription and records how it went; failures are results, not throws. */
export class SubscriptionPoller {
  private readonly announcedListeners: Array<(item: AnnouncedFeedItem) => void> = [];

  constructor(private readonly deps: PollerDeps) {}

  /** Called with each feed item a poll announces (memory keeps it as an observation). */
  onAnnounced(listener: (item: AnnouncedFeedItem) => void): void {
    this.announcedListeners.push(listener);
  }

  async poll(row: SubscriptionRow, signal?: AbortSignal): Promise<PollOutcome> {
    const { repository } = this.deps;
    let feed: FeedCheck | null = null;
    let price: PriceCheck | null = null;
    let error: string | null = null;
    try {
      if (row.kind === 'feed') {
        const announced = (item: AnnouncedFeedItem) => {
          for (const listener of this.announcedListeners) listener(item);
        };
        feed = await checkFeed({ ...this.deps, announced }, row, signal);
      } else price = await checkPrice(this.deps, row, signal);
    } catch (failure) {
      error = pollFailureReason(failure);
      if (error === null) {
        // Not the server's doing (the store, a bug): the detail goes to the log, not the operator.
        this.deps.log.error({ err: failure, subscription_id: row.subscription_id }, 'poll failed');
        error = 'The check failed inside the runtime; see the log';
      }
    }
    const updated =
      error === null
        ? await repository.recordSuccess(
            row.subscription_id,
            feed ? { etag: feed.etag, last_modified: feed.lastModified } : {},
          )
        : await repository.recordFailure(row.subscription_id, error);
    this.deps.events.emit('schedule-run', {
      schedule_id: row.subscription_id,
      kind: row.kind,
      name: row.name,
      status: error === null ? 'ok' : 'error',
    });
    // Removed while it was being polled: report on the row as it was.
    return { ok: error === null, error, row: updated ?? row, feed, price };
  }
}
