import { z } from 'zod';

/** A named place a price comes from: how to ask for a symbol and how to read the answer. */
export interface QuoteSource {
  name: string;
  description: string;
  /** The request, with `{symbol}` where the symbol goes (shown to the operator). */
  urlTemplate: string;
  /** What a symbol looks like at this source, for the operator and the model. */
  symbolHint: string;
  /** The price in the body, or an Error saying why there is none. */
  read(body: string, symbol: string, jsonPath: string | null): number;
  /** The operator supplies url_template and json_path (json_url only). */
  custom: boolean;
}

export class QuoteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuoteError';
  }
}

/** A finite number, or a string that is one ("123.45", " 1e3 "); anything else is null. */
function toPrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value)) {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

const PATH_SEGMENT =
  /\[\s*(\d+)\s*\]|\[\s*"((?:[^"\\]|\\.)*)"\s*\]|\[\s*'((?:[^'\\]|\\.)*)'\s*\]|([^.[\]]+)/gy;

/**
 * Splits `data.items[0].price`, `0.price` or `["Global Quote"]["05. price"]` into keys. Null
 * when the path does not parse.
 */
export function parseJsonPath(path: string): string[] | null {
  const keys: string[] = [];
  PATH_SEGMENT.lastIndex = 0;
  let position = 0;
  while (position < path.length) {
    if (path[position] === '.' && keys.length > 0) {
      position += 1;
      if (position === path.length) return null;
    }
    PATH_SEGMENT.lastIndex = position;
    const match = PATH_SEGMENT.exec(path);
    if (!match) return null;
    const key = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    keys.push(key.replace(/\\(.)/g, '$1'));
    position = PATH_SEGMENT.lastIndex;
  }
  return keys.length > 0 ? keys : null;
}

function valueAt(document: unknown, keys: string[]): unknown {
  let value = document;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function parseJson(body: string, source: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new QuoteError(`${source} did not answer with JSON`);
  }
}

/** Reads a price at a path of any JSON document; the body is data, never trusted as a shape. */
export function readJsonPrice(body: string, jsonPath: string, source = 'The quote URL'): number {
  const keys = parseJsonPath(jsonPath);
  if (!keys) throw new QuoteError(`json_path ${jsonPath} is not a path such as data.price`);
  const value = valueAt(parseJson(body, source), keys);
  if (value === undefined) throw new QuoteError(`${source} has nothing at ${jsonPath}`);
  const price = toPrice(value);
  if (price === null)
    throw new QuoteError(
      `${source} has ${JSON.stringify(value).slice(0, 60)} at ${jsonPath}, not a number`,
    );
  return price;
}

const coingeckoAnswer = z.record(z.string(), z.record(z.string(), z.unknown()));

/** Stooq's CSV (`f=sd2t2ohlcv&h`): a header line, then Symbol,Date,Time,Open,High,Low,Close,Volume. */
function readStooq(body: string, symbol: string): number {
  const [header, row] = body.trim().split(/\r?\n/);
  const columns = header?.split(',').map((c) => c.trim().toLowerCase()) ?? [];
  const close = columns.indexOf('close');
  if (close < 0 || !row) throw new QuoteError('stooq did not answer with its CSV quote');
  const value = row.split(',')[close]?.trim();
  if (!value || value === 'N/D') throw new QuoteError(`stooq has no quote for ${symbol}`);
  const price = toPrice(value);
  if (price === null)
    throw new QuoteError(`stooq sent ${value.slice(0, 40)} as the price of ${symbol}`);
  return price;
}

export const QUOTE_SOURCES: Record<string, QuoteSource> = {
  coingecko: {
    name: 'coingecko',
    description: 'CoinGecko simple price in US dollars; the symbol is the coin id.',
    urlTemplate: 'https://api.coingecko.com/api/v3/simple/price?ids={symbol}&vs_currencies=usd',
    symbolHint: 'a CoinGecko coin id such as bitcoin or ethereum',
    custom: false,
    read(body, symbol) {
      const answer = coingeckoAnswer.safeParse(parseJson(body, 'coingecko'));
      const price = answer.success ? toPrice(answer.data[symbol]?.usd) : null;
      if (price === null) throw new QuoteError(`coingecko has no USD price for ${symbol}`);
      return price;
    },
  },
  stooq: {
    name: 'stooq',
    description: 'Stooq last close or current price (CSV); stocks, indices, currencies.',
    urlTemplate: 'https://stooq.com/q/l/?s={symbol}&f=sd2t2ohlcv&h&e=csv',
    symbolHint: 'a Stooq symbol such as aapl.us, ^spx or eurusd',
    custom: false,
    read: (body, symbol) => readStooq(body, symbol),
  },
  json_url: {
    name: 'json_url',
    description:
      'Any JSON API: url_template with {symbol} in it, and json_path to the price (data.price).',
    urlTemplate: '{url_template}',
    symbolHint: 'whatever the API expects in place of {symbol}',
    custom: true,
    read(body, _symbol, jsonPath) {
      if (!jsonPath) throw new QuoteError('json_url needs a json_path');
      return readJsonPrice(body, jsonPath);
    },
  },
};

export const QUOTE_SOURCE_NAMES = Object.keys(QUOTE_SOURCES) as [string, ...string[]];

/** The request URL for a symbol: the symbol is percent-encoded into the template. */
export function quoteUrl(source: QuoteSource, symbol: string, urlTemplate: string | null): string {
  const template = source.custom ? (urlTemplate ?? '') : source.urlTemplate;
  return template.replaceAll('{symbol}', encodeURIComponent(symbol));
}
