import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalServer, startLocalServer } from '../local-server.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'feeds');

/** A fixture document from testing/fixtures/feeds (real RSS, Atom and a non-feed page). */
export const readFeedFixture = (name: string) => readFile(path.join(FIXTURES, name), 'utf8');

export interface ServedDocument {
  body: string;
  /** Default: application/rss+xml; charset=UTF-8 */
  contentType?: string;
  status?: number;
}

export interface FakeFeeds extends LocalServer {
  /** Serves a document at a path (a feed, an error page); replaces what was there. */
  setFeed(pathname: string, document: ServedDocument | string): void;
  feedUrl(pathname: string): string;
  /** Sets the price the quote APIs report for a symbol; undefined removes it. */
  setQuote(symbol: string, price: number | undefined): void;
  /** A json_url template of the fake's own quote API; the price is at `data.price`. */
  quoteTemplate: string;
}

/** Inserts RSS <item> elements before the first item of a document, as a feed grows. */
export function prependRssItems(xml: string, itemsXml: string): string {
  const at = xml.indexOf('<item>');
  return at < 0
    ? xml.replace('</channel>', `${itemsXml}</channel>`)
    : `${xml.slice(0, at)}${itemsXml}\n\t${xml.slice(at)}`;
}

/** One RSS 2.0 item as WordPress writes it (CDATA description, dc:creator, a guid). */
export function rssItem(item: {
  title: string;
  link?: string;
  guid?: string;
  pubDate: string;
  html: string;
  creator?: string;
}): string {
  return [
    '<item>',
    `\t\t<title>${item.title}</title>`,
    item.link ? `\t\t<link>${item.link}</link>` : '',
    item.creator ? `\t\t<dc:creator><![CDATA[${item.creator}]]></dc:creator>` : '',
    `\t\t<pubDate>${item.pubDate}</pubDate>`,
    item.guid ? `\t\t<guid isPermaLink="false">${item.guid}</guid>` : '',
    `\t\t<description><![CDATA[${item.html}]]></description>`,
    '\t</item>',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Feeds and quote APIs on one real HTTP server (127.0.0.1, free port): feed documents with ETag
 * and If-None-Match (304), a JSON quote API, CoinGecko's simple price and Stooq's CSV quote.
 */
export async function startFakeFeeds(): Promise<FakeFeeds> {
  const documents = new Map<string, ServedDocument>();
  const prices = new Map<string, number>();
  const server = await startLocalServer((request, response) => {
    const url = new URL(request.url, 'http://fake');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/quote') {
      const symbol = url.searchParams.get('symbol') ?? '';
      const price = prices.get(symbol);
      if (price === undefined) return json(404, { error: { code: 'unknown_symbol', symbol } });
      return json(200, {
        data: { symbol, price: price.toFixed(2), currency: 'USD', as_of: new Date().toISOString() },
        meta: { source: 'fake-exchange', delayed_minutes: 15 },
      });
    }
    if (url.pathname === '/api/v3/simple/price') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const answer: Record<string, { usd: number }> = {};
      for (const id of ids) {
        const price = prices.get(id);
        if (price !== undefined) answer[id] = { usd: price };
      }
      return json(200, answer);
    }
    if (url.pathname === '/q/l/') {
      const symbol = url.searchParams.get('s') ?? '';
      const price = prices.get(symbol);
      const row =
        price === undefined
          ? `${symbol.toUpperCase()},N/D,N/D,N/D,N/D,N/D,N/D,N/D`
          : `${symbol.toUpperCase()},2026-11-20,22:00:09,${price},${price},${price},${price},1204500`;
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      return void response.end(`Symbol,Date,Time,Open,High,Low,Close,Volume\r\n${row}\r\n`);
    }
    const document = documents.get(url.pathname);
    if (!document)
      return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    const etag = `"${createHash('sha1').update(document.body).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag)
      return void response.writeHead(304, { etag }).end();
    response.writeHead(document.status ?? 200, {
      'content-type': document.contentType ?? 'application/rss+xml; charset=UTF-8',
      etag,
    });
    response.end(document.body);
  });
  return Object.assign(server, {
    setFeed(pathname: string, document: ServedDocument | string) {
      documents.set(pathname, typeof document === 'string' ? { body: document } : document);
    },
    feedUrl: (pathname: string) => `${server.url}${pathname}`,
    setQuote(symbol: string, price: number | undefined) {
      if (price === undefined) prices.delete(symbol);
      else prices.set(symbol, price);
    },
    quoteTemplate: `${server.url}/api/quote?symbol={symbol}`,
  });
}
