import { ValidationError } from '../../errors/app-error.js';
import { HostUnresolvedError, type SsrfGuard } from '../../net/ssrf.js';
import { QUOTE_SOURCES, quoteUrl } from './quote-sources.js';
import type { SubscriptionChanges, SubscriptionRow } from './subscriptions.repository.js';
import type { UpdateSubscription } from './subscriptions.schema.js';

export const FEED_FIELDS = ['url'] as const;
export const PRICE_FIELDS = [
  'symbol',
  'source',
  'condition',
  'threshold',
  'url_template',
  'json_path',
] as const;

export interface PriceConfig {
  symbol: string;
  source: string;
  url_template: string | null;
  json_path: string | null;
}

const invalid = (field: string, message: string) =>
  new ValidationError(`Invalid body: ${field} ${message}`, [
    { path: `/${field}`, message, in: 'body' },
  ]);

/** json_url needs its template and path; the named sources take neither. */
export function checkPriceConfig(config: PriceConfig): void {
  const source = QUOTE_SOURCES[config.source];
  if (!source) throw invalid('source', `must be one of ${Object.keys(QUOTE_SOURCES).join(', ')}`);
  for (const field of ['url_template', 'json_path'] as const) {
    if (source.custom && !config[field])
      throw invalid(field, `is required with source ${source.name}`);
    if (!source.custom && config[field]) throw invalid(field, `is only for source json_url`);
  }
}

/** A patch may only name fields of the subscription's own kind. */
function checkPatchFields(row: SubscriptionRow, patch: UpdateSubscription): void {
  const foreign: readonly string[] = row.kind === 'feed' ? PRICE_FIELDS : FEED_FIELDS;
  for (const field of Object.keys(patch))
    if (foreign.includes(field)) throw invalid(field, `does not apply to a ${row.kind}`);
}

/**
 * The fields a patch really changes. A price alert's source settings are checked as a whole;
 * moving to a named source drops the json_url template and path rather than refusing.
 */
export function patchChanges(
  before: SubscriptionRow,
  patch: UpdateSubscription,
): SubscriptionChanges {
  checkPatchFields(before, patch);
  const wanted: Record<string, unknown> = { ...patch };
  if (patch.url) wanted.url = new URL(patch.url).href;
  if (before.kind === 'price_alert') {
    const source = patch.source ?? (before.source as string);
    const custom = QUOTE_SOURCES[source]?.custom ?? false;
    const config: PriceConfig = {
      symbol: patch.symbol ?? (before.symbol as string),
      source,
      url_template:
        patch.url_template !== undefined ? patch.url_template : custom ? before.url_template : null,
      json_path: patch.json_path !== undefined ? patch.json_path : custom ? before.json_path : null,
    };
    checkPriceConfig(config);
    Object.assign(wanted, config);
  }
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(wanted))
    if (value !== undefined && before[field as keyof SubscriptionRow] !== value)
      changes[field] = value;
  return changes as SubscriptionChanges;
}

/**
 * When the next poll falls after a change: at once for a new address, a new rule or a resumed
 * subscription; sooner when a shorter interval brings it forward; otherwise unchanged (null).
 */
export function nextDueAfter(
  before: SubscriptionRow,
  changes: SubscriptionChanges,
  now: Date,
): Date | null {
  if (changes.url || changes.enabled === true || PRICE_FIELDS.some((field) => field in changes))
    return now;
  if (changes.interval_seconds === undefined) return null;
  const sooner = new Date(now.getTime() + changes.interval_seconds * 1000);
  return sooner < new Date(before.next_check_at) ? sooner : null;
}

/**
 * Refuses a URL the poller would never be allowed to fetch (a private address that is not on
 * SSRF_ALLOWLIST): 400 url_blocked now rather than a failing poll later. A host that does not
 * resolve yet is accepted; the poll records the failure (and the fetcher judges every request).
 */
export async function checkReachable(guard: SsrfGuard, url: string): Promise<void> {
  try {
    await guard.checkUrl(url);
  } catch (error) {
    if (error instanceof HostUnresolvedError) return;
    throw error;
  }
}

/** The URL a price alert fetches; only json_url points somewhere the operator chose. */
export function operatorQuoteUrl(config: PriceConfig): string | null {
  const source = QUOTE_SOURCES[config.source];
  return source?.custom ? quoteUrl(source, config.symbol, config.url_template) : null;
}
