import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import type { Cursor } from '../../http/paging.js';
import type { SsrfGuard } from '../../net/ssrf.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AnnouncedFeedItem } from './feed-check.js';
import {
  checkPriceConfig,
  checkReachable,
  nextDueAfter,
  operatorQuoteUrl,
  PRICE_FIELDS,
  type PriceConfig,
  patchChanges,
} from './subscription-config.js';
import type { SubscriptionItemsRepository } from './subscription-items.repository.js';
import type { SubscriptionPoller } from './subscription-poller.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';
import type {
  CheckResult,
  CreateSubscription,
  SubscriptionView,
  UpdateSubscription,
} from './subscriptions.schema.js';
import type { SubscriptionKind } from './subscriptions.tables.js';
import { DEFAULT_INTERVAL_SECONDS } from './subscriptions.tuning.js';
import { feedName, toView } from './subscriptions.view.js';

export interface SubscriptionsServiceDeps {
  repository: SubscriptionsRepository;
  items: SubscriptionItemsRepository;
  poller: SubscriptionPoller;
  guard: SsrfGuard;
  /** Sends the poll job for a due time (the scheduler's). */
  schedule: (subscriptionId: string, due: Date) => Promise<void>;
}

const alreadySubscribed = (existing: SubscriptionRow | null) =>
  new ConflictError('already_subscribed', 'A feed with this URL is subscribed already', {
    subscription_id: existing?.subscription_id ?? null,
  });

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Feeds and price alerts. They are configuration: a Panic Reset keeps them, with the items
 * already seen. Every URL is judged by the SSRF guard when it is set, and again at every fetch.
 */
export class SubscriptionsService {
  constructor(private readonly deps: SubscriptionsServiceDeps) {}

  /** Called with each feed item a poll announces, once its note and event exist. */
  onFeedItem(listener: (item: AnnouncedFeedItem) => void): void {
    this.deps.poller.onAnnounced(listener);
  }

  async create(input: CreateSubscription, actor: string): Promise<SubscriptionView> {
    const { repository, guard } = this.deps;
    const id = uuidv7();
    const now = new Date();
    const common = {
      subscription_id: id,
      kind: input.kind,
      enabled: input.enabled ?? true,
      interval_seconds: input.interval_seconds ?? DEFAULT_INTERVAL_SECONDS[input.kind],
      created_by: actor,
      next_check_at: now,
    };
    let row: SubscriptionRow | null;
    if (input.kind === 'feed') {
      const url = new URL(input.url).href;
      await checkReachable(guard, url);
      row = await repository.insert({ ...common, name: input.name ?? feedName(url), url });
      if (!row) throw alreadySubscribed(await repository.findFeedByUrl(url));
    } else {
      const config = {
        symbol: input.symbol,
        source: input.source,
        url_template: input.url_template ?? null,
        json_path: input.json_path ?? null,
      };
      checkPriceConfig(config);
      const url = operatorQuoteUrl(config);
      if (url) await checkReachable(guard, url);
      row = await repository.insert({
        ...common,
        ...config,
        name: input.name ?? `${input.symbol} ${input.condition} ${input.threshold}`,
        condition: input.condition,
        threshold: input.threshold,
      });
      if (!row) throw new Error('price alert insert returned nothing');
    }
    if (row.enabled) await this.deps.schedule(id, now);
    return toView(row);
  }

  async list(kind?: SubscriptionKind): Promise<SubscriptionView[]> {
    const [rows, counts] = await Promise.all([
      this.deps.repository.list(kind),
      this.deps.items.counts(),
    ]);
    return rows.map((row) => toView(row, counts.get(row.subscription_id) ?? 0));
  }

  async get(id: string): Promise<SubscriptionView> {
    return this.view(await this.row(id));
  }

  /** Applies a validated patch; `changed` names the fields whose value changed. */
  async update(
    id: string,
    patch: UpdateSubscription,
  ): Promise<{ subscription: SubscriptionView; changed: string[] }> {
    const { repository, guard } = this.deps;
    const before = await this.row(id);
    const changes = patchChanges(before, patch);
    const changed = Object.keys(changes);
    if (changed.length === 0) return { subscription: await this.view(before), changed };
    if (changes.url) {
      await checkReachable(guard, changes.url);
      // A new address is a new feed: its first poll announces only the newest items.
      Object.assign(changes, { etag: null, last_modified: null, last_success_at: null });
    }
    if (PRICE_FIELDS.some((field) => field in changes)) {
      const url = operatorQuoteUrl({
        ...(before as PriceConfig),
        ...(changes as Partial<PriceConfig>),
      });
      if (url) await checkReachable(guard, url);
      // A new rule starts armed: a price already beyond it counts as a crossing.
      Object.assign(changes, { triggered: false, triggered_at: null });
      if (changes.symbol || changes.source) changes.last_price = null;
    }
    const next = nextDueAfter(before, changes, new Date());
    if (next) changes.next_check_at = next;

    let row: SubscriptionRow | null;
    try {
      row = await repository.update(id, changes);
    } catch (error) {
      if (isUniqueViolation(error))
        throw alreadySubscribed(await repository.findFeedByUrl(changes.url as string));
      throw error;
    }
    if (!row) throw new NotFoundError('No such subscription');
    if (next && row.enabled) await this.deps.schedule(id, next);
    return { subscription: await this.view(row), changed };
  }

  /** Removes the subscription and what it has seen; returns it as it was. */
  async remove(id: string): Promise<SubscriptionView> {
    const row = await this.deps.repository.delete(id);
    if (!row) throw new NotFoundError('No such subscription');
    return toView(row);
  }

  /** Polls now, whatever the schedule and the feature flag say; the schedule is left alone. */
  async check(id: string, signal?: AbortSignal): Promise<CheckResult> {
    const outcome = await this.deps.poller.poll(await this.row(id), signal);
    const { feed, price } = outcome;
    return {
      ok: outcome.ok,
      error: outcome.error,
      subscription: await this.view(outcome.row),
      feed: feed && {
        not_modified: feed.notModified,
        items_in_feed: feed.itemsInFeed,
        new_items: await this.deps.items.byIds(feed.newItemIds),
      },
      price: price && {
        price: price.price,
        previous_price: price.previousPrice,
        crossed: price.crossed,
      },
    };
  }

  async items(id: string, limit: number, cursor?: Cursor) {
    await this.row(id);
    return this.deps.items.page(id, limit, cursor);
  }

  private async row(id: string): Promise<SubscriptionRow> {
    const row = await this.deps.repository.get(id);
    if (!row) throw new NotFoundError('No such subscription');
    return row;
  }

  private async view(row: SubscriptionRow): Promise<SubscriptionView> {
    const seen = row.kind === 'feed' ? await this.deps.items.count(row.subscription_id) : 0;
    return toView(row, seen);
  }
}
