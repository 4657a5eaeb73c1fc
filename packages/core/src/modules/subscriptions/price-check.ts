import { decodeBody } from '../../net/body-text.js';
import type { SafeFetcher } from '../../net/safe-fetch.js';
import type { EventQueue } from '../events/event-queue.js';
import { PollError } from './poll-errors.js';
import { QUOTE_SOURCES, QuoteError, quoteUrl } from './quote-sources.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';

const ACCEPT = 'application/json, text/csv;q=0.9, text/plain;q=0.8, */*;q=0.1';
const MAX_QUOTE_BYTES = 512 * 1024;

export interface PriceCheck {
  price: number;
  previousPrice: number | null;
  /** This check raised `price.crossed`. */
  crossed: boolean;
}

export interface PriceCheckDeps {
  fetcher: SafeFetcher;
  repository: SubscriptionsRepository;
  eventQueue: EventQueue;
}

export async function fetchPrice(fetcher: SafeFetcher, row: SubscriptionRow, signal?: AbortSignal) {
  const source = QUOTE_SOURCES[row.source ?? ''];
  if (!source) throw new QuoteError(`Unknown quote source ${row.source}`);
  const symbol = row.symbol as string;
  const url = quoteUrl(source, symbol, row.url_template);
  const result = await fetcher.fetch(url, {
    headers: { accept: ACCEPT },
    maxBytes: MAX_QUOTE_BYTES,
    signal,
  });
  if (result.status < 200 || result.status >= 300)
    throw new PollError(`The ${source.name} quote answered HTTP ${result.status}`);
  return source.read(decodeBody(result.contentType, result.body), symbol, row.json_path);
}

/** Above: strictly greater than the threshold; below: strictly less. Equal is not a crossing. */
export function isBeyond(
  row: Pick<SubscriptionRow, 'condition' | 'threshold'>,
  price: number,
): boolean {
  const threshold = row.threshold as number;
  return row.condition === 'above' ? price > threshold : price < threshold;
}

/**
 * Checks one price alert. A crossing (the price moves beyond the threshold, or is beyond it at the
 * first check) raises `price.crossed` with notify, once: the alert stays triggered until the price
 * is back on the near side, which re-arms it.
 */
export async function checkPrice(
  deps: PriceCheckDeps,
  row: SubscriptionRow,
  signal?: AbortSignal,
): Promise<PriceCheck> {
  const price = await fetchPrice(deps.fetcher, row, signal);
  const previousPrice = row.last_price;
  if (!isBeyond(row, price)) {
    await deps.repository.recordWithin(row.subscription_id, price);
    return { price, previousPrice, crossed: false };
  }
  const { fired } = await deps.repository.recordBeyond(row.subscription_id, price);
  if (fired) {
    await deps.eventQueue.publish({
      kind: 'price.crossed',
      source: row.subscription_id,
      title: `${row.symbol} ${row.condition} ${row.threshold}: now ${price}`,
      detail: {
        subscription_id: row.subscription_id,
        name: row.name,
        symbol: row.symbol,
        source: row.source,
        condition: row.condition,
        threshold: row.threshold,
        price,
        previous_price: previousPrice,
      },
      notify: true,
    });
  }
  return { price, previousPrice, crossed: fired };
}
