import type { Generated } from 'kysely';

export const SUBSCRIPTION_KINDS = ['feed', 'price_alert'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];
export const PRICE_CONDITIONS = ['above', 'below'] as const;
export type PriceCondition = (typeof PRICE_CONDITIONS)[number];

export interface SubscriptionsTable {
  subscription_id: string;
  kind: SubscriptionKind;
  name: string;
  enabled: Generated<boolean>;
  interval_seconds: number;
  created_by: string;
  url: string | null;
  etag: string | null;
  last_modified: string | null;
  symbol: string | null;
  source: string | null;
  condition: PriceCondition | null;
  threshold: number | null;
  url_template: string | null;
  json_path: string | null;
  last_price: number | null;
  triggered: Generated<boolean>;
  triggered_at: Date | null;
  next_check_at: Date;
  last_checked_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  consecutive_failures: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SubscriptionItemsTable {
  item_id: string;
  subscription_id: string;
  item_key: string;
  guid: string | null;
  link: string | null;
  title: string;
  published_at: Date | null;
  announced: boolean;
  note_id: string | null;
  event_id: string | null;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    subscriptions: SubscriptionsTable;
    subscription_items: SubscriptionItemsTable;
  }
}
