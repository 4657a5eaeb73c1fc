import type { SubscriptionRow } from './subscriptions.repository.js';
import type { SubscriptionView } from './subscriptions.schema.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A stored subscription as the API shows it: the fields of its kind only. */
export function toView(row: SubscriptionRow, itemsSeen = 0): SubscriptionView {
  const common = {
    subscription_id: row.subscription_id,
    name: row.name,
    enabled: row.enabled,
    interval_seconds: row.interval_seconds,
    created_by: row.created_by,
    next_check_at: row.enabled ? iso(row.next_check_at) : null,
    last_checked_at: iso(row.last_checked_at),
    last_success_at: iso(row.last_success_at),
    last_error: row.last_error,
    consecutive_failures: row.consecutive_failures,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  if (row.kind === 'feed')
    return { kind: 'feed', ...common, url: row.url ?? '', items_seen: itemsSeen };
  return {
    kind: 'price_alert',
    ...common,
    symbol: row.symbol ?? '',
    source: row.source ?? '',
    condition: row.condition ?? 'above',
    threshold: row.threshold ?? 0,
    url_template: row.url_template,
    json_path: row.json_path,
    last_price: row.last_price,
    triggered: row.triggered,
    triggered_at: iso(row.triggered_at),
  };
}

/** A default name: the feed's host and path, or "<symbol> <condition> <threshold>". */
export function feedName(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
  return `${parsed.host}${path}`.slice(0, 100);
}
