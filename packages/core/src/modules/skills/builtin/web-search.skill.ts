import { z } from 'zod';
import { htmlToText } from '../../../net/html-text.js';
import type { SafeFetcher, SafeFetchResult } from '../../../net/safe-fetch.js';
import { defineSkill, SkillError } from '../skill.js';
import { toSkillError } from './outbound-error.js';

export const NO_SEARCH_PROVIDER = 'No search provider configured: set SEARXNG_URL or BRAVE_API_KEY';

export interface WebSearchSkillOptions {
  fetcher: SafeFetcher;
  searxngUrl?: string;
  braveApiKey?: string;
  braveSearchUrl: string;
}

const inputSchema = z.object({
  query: z.string().min(1).max(400).describe('What to search the web for.'),
  count: z.number().int().min(1).max(10).default(5).describe('How many results, 1 to 10.'),
});
export type WebSearchInput = z.infer<typeof inputSchema>;

interface Hit {
  title: string;
  url: string;
  snippet: string;
}

// Only the fields we read; the providers send many more, which are ignored.
const searxngAnswer = z.object({
  results: z.array(
    z.object({ title: z.string().default(''), url: z.string(), content: z.string().default('') }),
  ),
});
const braveAnswer = z.object({
  web: z
    .object({
      results: z.array(
        z.object({ title: z.string(), url: z.string(), description: z.string().default('') }),
      ),
    })
    .optional(),
});

interface Provider {
  name: 'SearXNG' | 'Brave Search';
  /** The only host this skill talks to, so the only one its fetcher allowlists. */
  endpoint: string;
  request(query: string, count: number): { url: URL; headers: Record<string, string> };
  hits(body: unknown): Hit[] | null;
}

function pickProvider(options: WebSearchSkillOptions): Provider | null {
  const { searxngUrl, braveApiKey, braveSearchUrl } = options;
  if (searxngUrl) {
    return {
      name: 'SearXNG',
      endpoint: searxngUrl,
      request(query) {
        // SearXNG may live under a path (https://host/searx): resolve against it, not the root.
        const url = new URL('search', searxngUrl.endsWith('/') ? searxngUrl : `${searxngUrl}/`);
        url.searchParams.set('q', query);
        url.searchParams.set('format', 'json');
        return { url, headers: { accept: 'application/json' } };
      },
      hits: (body) =>
        searxngAnswer
          .safeParse(body)
          .data?.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content })) ?? null,
    };
  }
  if (braveApiKey) {
    return {
      name: 'Brave Search',
      endpoint: braveSearchUrl,
      request(query, count) {
        const url = new URL(braveSearchUrl);
        url.searchParams.set('q', query);
        url.searchParams.set('count', String(count));
        return {
          url,
          headers: { accept: 'application/json', 'x-subscription-token': braveApiKey },
        };
      },
      hits: (body) => {
        const parsed = braveAnswer.safeParse(body);
        if (!parsed.success) return null;
        return (parsed.data.web?.results ?? []).map((r) => ({
          title: r.title,
          url: r.url,
          snippet: r.description,
        }));
      },
    };
  }
  return null;
}

/** Brave marks matches with <strong> and both escape entities: the model gets plain text. */
const plain = (html: string) => htmlToText(html).text.replace(/\s+/g, ' ').trim();

function refusal(provider: Provider, status: number): SkillError {
  if (status === 401 || status === 403 || status === 422) {
    return new SkillError(
      provider.name === 'SearXNG'
        ? `SearXNG refused the search (HTTP ${status}): enable the json format in its settings (search.formats)`
        : `Brave Search refused the API key (HTTP ${status}): check BRAVE_API_KEY`,
      'search_refused',
    );
  }
  if (status === 429) {
    return new SkillError(
      `${provider.name} rate limit reached (HTTP 429); try again later`,
      'search_rate_limited',
    );
  }
  return new SkillError(`${provider.name} answered HTTP ${status}`, 'search_failed');
}

function parseBody(provider: Provider, result: SafeFetchResult): Hit[] {
  let body: unknown;
  try {
    // Untrusted JSON: parsed here, then only read through the provider's zod schema.
    body = JSON.parse(result.body.toString('utf8'));
  } catch {
    body = undefined;
  }
  const hits = provider.hits(body);
  if (!hits)
    throw new SkillError(`${provider.name} sent an answer this skill cannot read`, 'search_failed');
  return hits;
}

export function createWebSearchSkill(options: WebSearchSkillOptions) {
  const provider = pickProvider(options);
  // The search endpoint is operator-configured (often a SearXNG on the LAN or in the compose
  // network, which the SSRF guard would refuse), so its host is allowlisted — but only in a
  // fetcher of its own: the shared fetcher the other skills use is not widened.
  const fetcher = provider ? options.fetcher.allowing([new URL(provider.endpoint).hostname]) : null;

  return defineSkill<WebSearchInput>({
    name: 'web_search',
    description:
      'Search the web and return a numbered list of results (title, URL, snippet). ' +
      'Use fetch_url afterwards to read a result.',
    level: 'MONITORED',
    inputSchema,
    async availability() {
      return provider ? { available: true } : { available: false, reason: NO_SEARCH_PROVIDER };
    },
    async execute(input, context) {
      if (!provider || !fetcher) throw new SkillError(NO_SEARCH_PROVIDER, 'unavailable');
      const { url, headers } = provider.request(input.query, input.count);
      const result = await fetcher
        .fetch(url, { headers, signal: context.signal })
        .catch((error: unknown) => {
          throw toSkillError(error, context.signal);
        });
      if (result.status !== 200) throw refusal(provider, result.status);
      const hits = parseBody(provider, result).slice(0, input.count);
      const list = hits.map(
        (hit, index) => `${index + 1}. ${plain(hit.title)} — ${hit.url}\n${plain(hit.snippet)}`,
      );
      const text = list.length
        ? `Results for "${input.query}" (${provider.name}):\n\n${list.join('\n\n')}`
        : `No results for "${input.query}" (${provider.name}).`;
      return {
        text,
        untrusted: true,
        data: {
          provider: provider.name,
          query: input.query,
          results: hits.map((hit) => ({ title: plain(hit.title), url: hit.url })),
        },
      };
    },
  });
}
