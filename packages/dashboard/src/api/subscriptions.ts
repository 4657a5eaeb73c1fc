import { request } from './client';

export type SubscriptionKind = 'feed' | 'price_alert';
export type PriceCondition = 'above' | 'below';

interface SubscriptionBase {
  subscription_id: string;
  name: string;
  /** false pauses polling (next_check_at is then null) */
  enabled: boolean;
  interval_seconds: number;
  /** The operator's user name, or `agent` */
  created_by: string;
  next_check_at: string | null;
  last_checked_at: string | null;
  last_success_at: string | null;
  /** Why the last poll failed (redacted); null after a success */
  last_error: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

export interface Feed extends SubscriptionBase {
  kind: 'feed';
  url: string;
  items_seen: number;
}

export interface PriceAlert extends SubscriptionBase {
  kind: 'price_alert';
  symbol: string;
  /** A quote source name: coingecko, stooq, json_url */
  source: string;
  condition: PriceCondition;
  threshold: number;
  url_template: string | null;
  json_path: string | null;
  last_price: number | null;
  /** Beyond the threshold since the last crossing */
  triggered: boolean;
  triggered_at: string | null;
}

export type Subscription = Feed | PriceAlert;

/** An item a feed poll saw, newest first by first_seen_at. */
export interface FeedItem {
  item_id: string;
  guid: string | null;
  title: string;
  link: string | null;
  published_at: string | null;
  /** ISO 8601, UTC, microseconds */
  first_seen_at: string;
  /** Raised as a feed.item event and kept as a note */
  announced: boolean;
  note_id: string | null;
  event_id: string | null;
}

export interface FeedItemPage {
  items: FeedItem[];
  next_cursor: string | null;
}

export interface CheckResult {
  /** false: the poll failed; `error` says why (the call itself still succeeded) */
  ok: boolean;
  error: string | null;
  subscription: Subscription;
  feed: { not_modified: boolean; items_in_feed: number; new_items: FeedItem[] } | null;
  price: { price: number; previous_price: number | null; crossed: boolean } | null;
}

export interface QuoteSource {
  name: string;
  description: string;
  url_template: string;
  symbol_hint: string;
  /** Fields an alert on this source must also give (url_template, json_path for json_url) */
  needs: string[];
}

export interface NewFeed {
  kind: 'feed';
  url: string;
  name?: string;
  interval_seconds?: number;
  enabled?: boolean;
}

export interface NewPriceAlert {
  kind: 'price_alert';
  symbol: string;
  source: string;
  condition: PriceCondition;
  threshold: number;
  url_template?: string;
  json_path?: string;
  name?: string;
  interval_seconds?: number;
  enabled?: boolean;
}

export type NewSubscription = NewFeed | NewPriceAlert;

export interface SubscriptionChange {
  name?: string;
  enabled?: boolean;
  interval_seconds?: number;
  url?: string;
  symbol?: string;
  source?: string;
  condition?: PriceCondition;
  threshold?: number;
  url_template?: string | null;
  json_path?: string | null;
}

const subscriptionPath = (id: string) => `/api/subscriptions/${encodeURIComponent(id)}`;

export const fetchSubscriptions = (signal?: AbortSignal) =>
  request<{ subscriptions: Subscription[] }>('/api/subscriptions', { signal });

export const createSubscription = (subscription: NewSubscription) =>
  request<Subscription>('/api/subscriptions', { method: 'POST', body: subscription });

export const updateSubscription = (id: string, change: SubscriptionChange) =>
  request<Subscription>(subscriptionPath(id), { method: 'PATCH', body: change });

export const deleteSubscription = (id: string) =>
  request<{ ok: true }>(subscriptionPath(id), { method: 'DELETE' });

export const checkSubscription = (id: string) =>
  request<CheckResult>(`${subscriptionPath(id)}/check`, { method: 'POST' });

export const fetchFeedItems = (
  id: string,
  query: { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
) => request<FeedItemPage>(`${subscriptionPath(id)}/items`, { query, signal });

export const fetchQuoteSources = (signal?: AbortSignal) =>
  request<{ sources: QuoteSource[] }>('/api/subscriptions/quote-sources', { signal });
