import { type LocalServer, type RecordedRequest, startLocalServer } from '../local-server.js';

/** One hit as both providers know it; the fake renders it in each provider's own JSON. */
interface Hit {
  title: string;
  url: string;
  /** Brave marks query words with <strong>; SearXNG sends plain text. */
  snippet: string;
  engines: string[];
}

/** The queries the fake knows; any other query has no results (as a real engine might say). */
export const FAKE_SEARCH_HITS: Record<string, Hit[]> = {
  'rust async runtime': [
    {
      title: 'Tokio - An asynchronous Rust runtime',
      url: 'https://tokio.rs/',
      snippet:
        'Tokio is an <strong>asynchronous</strong> <strong>runtime</strong> for the <strong>Rust</strong> programming language. It provides the building blocks needed for writing network applications.',
      engines: ['duckduckgo', 'brave', 'google'],
    },
    {
      title: 'Asynchronous Programming in Rust',
      url: 'https://rust-lang.github.io/async-book/',
      snippet:
        'This book aims to be a comprehensive, up-to-date guide to <strong>Rust</strong>&#x27;s <strong>async</strong> ecosystem, suitable for beginners and old hands alike.',
      engines: ['google', 'duckduckgo'],
    },
    {
      title: 'async-std - Async version of the Rust standard library',
      url: 'https://async.rs/',
      snippet:
        'async-std is a port of <strong>Rust</strong>&#x27;s standard library to the <strong>async</strong> world. It comes with a fast <strong>runtime</strong> and is a pleasure to use.',
      engines: ['brave'],
    },
    {
      title: 'smol-rs/smol: A small and fast async runtime for Rust - GitHub',
      url: 'https://github.com/smol-rs/smol',
      snippet:
        'A small and fast <strong>async</strong> <strong>runtime</strong>. This crate simply re-exports other smaller <strong>async</strong> crates (see the source).',
      engines: ['google', 'brave'],
    },
    {
      title: 'Choosing an async runtime : r/rust - Reddit',
      url: 'https://www.reddit.com/r/rust/comments/choosing_an_async_runtime/',
      snippet:
        'Most people use tokio because most of the ecosystem is built on it. If you are writing a library, try to stay <strong>runtime</strong>-agnostic where you can.',
      engines: ['duckduckgo'],
    },
    {
      title: 'glommio - crates.io: Rust Package Registry',
      url: 'https://crates.io/crates/glommio',
      snippet:
        'Glommio is a thread-per-core crate that makes writing highly parallel <strong>asynchronous</strong> applications in a thread-per-core architecture easier for rustaceans.',
      engines: ['google'],
    },
  ],
};

const plain = (html: string) => html.replace(/<\/?strong>/g, '').replace(/&#x27;/g, "'");

function searxngAnswer(query: string) {
  const hits = FAKE_SEARCH_HITS[query] ?? [];
  return {
    query,
    number_of_results: 0,
    results: hits.map((hit, index) => {
      const url = new URL(hit.url);
      return {
        url: hit.url,
        title: hit.title,
        content: plain(hit.snippet),
        publishedDate: null,
        thumbnail: '',
        engine: hit.engines[0],
        template: 'default.html',
        parsed_url: [
          url.protocol.slice(0, -1),
          url.host,
          url.pathname,
          '',
          url.search.slice(1),
          '',
        ],
        img_src: '',
        priority: '',
        engines: hit.engines,
        positions: hit.engines.map(() => index + 1),
        score: Number((hit.engines.length / (index + 1)).toFixed(2)),
        category: 'general',
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: hits.length ? [`${query} comparison`, `${query} benchmark`] : [],
    unresponsive_engines: [['wikidata', 'timeout']],
  };
}

function braveAnswer(query: string, count: number) {
  const hits = (FAKE_SEARCH_HITS[query] ?? []).slice(0, count);
  return {
    query: {
      original: query,
      show_strict_warning: false,
      is_navigational: false,
      is_news_breaking: false,
      spellcheck_off: true,
      country: 'us',
      bad_results: false,
      should_fallback: false,
      postal_code: '',
      city: '',
      header_country: '',
      more_results_available: hits.length === count,
      state: '',
    },
    mixed: {
      type: 'mixed',
      main: hits.map((_, index) => ({ type: 'web', index, all: false })),
      top: [],
      side: [],
    },
    type: 'search',
    web: {
      type: 'search',
      results: hits.map((hit) => {
        const url = new URL(hit.url);
        return {
          title: hit.title,
          url: hit.url,
          is_source_local: false,
          is_source_both: false,
          description: hit.snippet,
          profile: { name: url.hostname, url: hit.url, long_name: url.hostname, img: '' },
          language: 'en',
          family_friendly: true,
          type: 'search_result',
          subtype: 'generic',
          is_live: false,
          meta_url: {
            scheme: 'https',
            netloc: url.hostname,
            hostname: url.hostname,
            favicon: '',
            path:
              url.pathname === '/'
                ? ''
                : `› ${url.pathname.split('/').filter(Boolean).join(' › ')}`,
          },
        };
      }),
      family_friendly: true,
    },
  };
}

const BRAVE_TOKEN_ERROR = {
  type: 'ErrorResponse',
  error: {
    id: '5cf2c9a4-8e2f-4b1c-9d7a-0c6f1b2e3d4a',
    status: 401,
    code: 'SUBSCRIPTION_TOKEN_INVALID',
    detail: 'The provided subscription token is invalid.',
    meta: { component: 'authentication' },
  },
  time: 1_767_225_600,
};

export interface FakeSearch extends LocalServer {
  /** A SearXNG instance mounted under a path, as reverse proxies often do. */
  searxngUrl: string;
  /** Brave's endpoint path on the fake. */
  braveSearchUrl: string;
  braveToken: string;
  requests: RecordedRequest[];
}

/**
 * SearXNG and the Brave Search API on one real HTTP server (127.0.0.1, free port), speaking
 * their JSON, checking Brave's token, and recording every request.
 */
export async function startFakeSearch(
  braveToken = 'BSA-fake-token-0123456789',
): Promise<FakeSearch> {
  const server = await startLocalServer((request, response) => {
    const url = new URL(request.url, 'http://fake');
    const query = url.searchParams.get('q') ?? '';
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/searxng/search') {
      // SearXNG answers 403 when its settings do not enable the json format.
      if (url.searchParams.get('format') !== 'json')
        return void response.writeHead(403).end('Forbidden');
      return json(200, searxngAnswer(query));
    }
    if (url.pathname === '/res/v1/web/search') {
      if (request.headers['x-subscription-token'] !== braveToken)
        return json(401, BRAVE_TOKEN_ERROR);
      return json(200, braveAnswer(query, Number(url.searchParams.get('count') ?? 20)));
    }
    void response.writeHead(404).end('Not Found');
  });
  // Assigned, not spread: spreading would freeze the live `connections` count.
  return Object.assign(server, {
    searxngUrl: `${server.url}/searxng`,
    braveSearchUrl: `${server.url}/res/v1/web/search`,
    braveToken,
  });
}
