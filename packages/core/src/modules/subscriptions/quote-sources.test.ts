import { describe, expect, it } from 'vitest';
import {
  parseJsonPath,
  QUOTE_SOURCES,
  QuoteError,
  quoteUrl,
  readJsonPrice,
} from './quote-sources.js';

describe('quote sources', () => {
  it('reads paths with dots, indices and quoted keys', () => {
    expect(parseJsonPath('data.price')).toEqual(['data', 'price']);
    expect(parseJsonPath('data.items[0].last')).toEqual(['data', 'items', '0', 'last']);
    expect(parseJsonPath('0.price')).toEqual(['0', 'price']);
    expect(parseJsonPath('["Global Quote"]["05. price"]')).toEqual(['Global Quote', '05. price']);
    for (const bad of ['', '.data', 'data..price', 'data.', 'data[x', 'a]b'])
      expect(parseJsonPath(bad)).toBeNull();
  });

  it('takes the price from JSON at the path, as a number or a numeric string', () => {
    const alphaVantage = JSON.stringify({
      'Global Quote': {
        '01. symbol': 'IBM',
        '05. price': '223.4100',
        '07. latest trading day': '2026-11-20',
      },
    });
    expect(readJsonPrice(alphaVantage, '["Global Quote"]["05. price"]')).toBe(223.41);
    expect(readJsonPrice('{"data":{"items":[{"last":0.0425}]}}', 'data.items[0].last')).toBe(
      0.0425,
    );
    expect(() => readJsonPrice('{"data":{"price":"n/a"}}', 'data.price')).toThrow(/not a number/);
    expect(() => readJsonPrice('{"data":{}}', 'data.price')).toThrow(/nothing at data.price/);
    expect(() => readJsonPrice('<html>', 'data.price')).toThrow(QuoteError);
    // Inherited properties are not data.
    expect(() => readJsonPrice('{"data":{}}', 'data.constructor')).toThrow(/nothing at/);
  });

  it('reads CoinGecko and Stooq answers as they send them', () => {
    const { coingecko, stooq } = QUOTE_SOURCES;
    expect(coingecko?.read('{"bitcoin":{"usd":67187.33}}', 'bitcoin', null)).toBe(67187.33);
    expect(() => coingecko?.read('{}', 'no-such-coin', null)).toThrow(
      /no USD price for no-such-coin/,
    );
    const csv =
      'Symbol,Date,Time,Open,High,Low,Close,Volume\r\nAAPL.US,2026-11-20,22:00:09,228.06,230.72,227.84,229.87,38168252\r\n';
    expect(stooq?.read(csv, 'aapl.us', null)).toBe(229.87);
    expect(() =>
      stooq?.read(
        'Symbol,Date,Time,Open,High,Low,Close,Volume\r\nXX.US,N/D,N/D,N/D,N/D,N/D,N/D,N/D\r\n',
        'xx.us',
        null,
      ),
    ).toThrow(/no quote for xx.us/);
  });

  it('puts the symbol into the URL percent-encoded', () => {
    const { stooq, json_url } = QUOTE_SOURCES;
    if (!stooq || !json_url) throw new Error('sources missing');
    expect(quoteUrl(stooq, '^spx', null)).toBe(
      'https://stooq.com/q/l/?s=%5Espx&f=sd2t2ohlcv&h&e=csv',
    );
    expect(quoteUrl(json_url, 'BTC/USD', 'https://api.example.com/v1/quote?pair={symbol}')).toBe(
      'https://api.example.com/v1/quote?pair=BTC%2FUSD',
    );
  });
});
