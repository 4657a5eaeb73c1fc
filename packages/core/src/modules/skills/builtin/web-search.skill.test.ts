import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetcher } from '../../../net/safe-fetch.js';
import { createSsrfGuard, SsrfError } from '../../../net/ssrf.js';
import { type FakeSearch, startFakeSearch } from '../../../testing/fakes/fake-search.js';
import { testSkillContext } from '../../../testing/skill-context.js';
import { SkillError } from '../skill.js';
import {
  createWebSearchSkill,
  NO_SEARCH_PROVIDER,
  type WebSearchInput,
} from './web-search.skill.js';

let search: FakeSearch;
// The shared fetcher allowlists nothing: the fake on 127.0.0.1 is reachable only through the
// dedicated fetcher the factory builds for the configured endpoint.
const shared = new SafeFetcher({
  guard: createSsrfGuard({ allowlist: [] }),
  maxBytes: 1024 * 1024,
  timeoutMs: 5_000,
});
const context = testSkillContext();

beforeAll(async () => {
  search = await startFakeSearch();
});

afterAll(async () => {
  await shared.close();
  await search.close();
});

type Options = Omit<Parameters<typeof createWebSearchSkill>[0], 'fetcher' | 'braveSearchUrl'>;
function run(options: Options, input: Partial<WebSearchInput> & { query: string }) {
  const skill = createWebSearchSkill({
    fetcher: shared,
    braveSearchUrl: search.braveSearchUrl,
    ...options,
  });
  return skill.execute(skill.inputSchema.parse(input), context);
}

describe('web_search over SearXNG', () => {
  it('lists results as "title — url" and snippet, five by default', async () => {
    const output = await run({ searxngUrl: search.searxngUrl }, { query: 'rust async runtime' });
    expect(output.text.startsWith('Results for "rust async runtime" (SearXNG):\n\n')).toBe(true);
    expect(output.text).toContain(
      '1. Tokio - An asynchronous Rust runtime — https://tokio.rs/\n' +
        'Tokio is an asynchronous runtime for the Rust programming language.',
    );
    expect(output.text).toContain(
      "2. Asynchronous Programming in Rust — https://rust-lang.github.io/async-book/\nThis book aims to be a comprehensive, up-to-date guide to Rust's async ecosystem",
    );
    expect(output.text).toContain('5. Choosing an async runtime');
    expect(output.text).not.toContain('6. ');
    expect(output.untrusted).toBe(true);
    expect(output.data).toMatchObject({ provider: 'SearXNG', query: 'rust async runtime' });
    expect(output.data?.results).toHaveLength(5);
    const sent = new URL(search.requests.at(-1)?.url ?? '', 'http://x');
    expect(sent.pathname).toBe('/searxng/search');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'rust async runtime',
      format: 'json',
    });
  });

  it('honours count and says when there is nothing', async () => {
    const three = await run(
      { searxngUrl: `${search.searxngUrl}/` },
      { query: 'rust async runtime', count: 3 },
    );
    expect(three.text).toContain('3. async-std');
    expect(three.text).not.toContain('4. ');
    const none = await run({ searxngUrl: search.searxngUrl }, { query: 'qwxz unknown words' });
    expect(none.text).toBe('No results for "qwxz unknown words" (SearXNG).');
  });

  it('is preferred when both providers are configured', async () => {
    const output = await run(
      { searxngUrl: search.searxngUrl, braveApiKey: search.braveToken },
      { query: 'rust async runtime' },
    );
    expect(output.data?.provider).toBe('SearXNG');
  });

  it('reports an endpoint that does not answer the search', async () => {
    const error = await run({ searxngUrl: `${search.url}/elsewhere` }, { query: 'x' }).catch(
      (e: unknown) => e as SkillError,
    );
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).message).toBe('SearXNG answered HTTP 404');
  });
});

describe('web_search over Brave', () => {
  it('sends the key as X-Subscription-Token with count, and strips the markup', async () => {
    const output = await run(
      { braveApiKey: search.braveToken },
      { query: 'rust async runtime', count: 4 },
    );
    const sent = search.requests.at(-1);
    expect(sent?.headers['x-subscription-token']).toBe(search.braveToken);
    const url = new URL(sent?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/res/v1/web/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'rust async runtime', count: '4' });
    expect(output.text.startsWith('Results for "rust async runtime" (Brave Search):')).toBe(true);
    expect(output.text).toContain(
      "3. async-std - Async version of the Rust standard library — https://async.rs/\nasync-std is a port of Rust's standard library to the async world.",
    );
    expect(output.text).not.toContain('<strong>');
    expect(output.text).not.toContain('5. ');
    expect(JSON.stringify(output)).not.toContain(search.braveToken);
  });

  it('explains a refused key without repeating it', async () => {
    const error = await run({ braveApiKey: 'BSA-wrong-key-987654' }, { query: 'x' }).catch(
      (e: unknown) => e as SkillError,
    );
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).message).toBe(
      'Brave Search refused the API key (HTTP 401): check BRAVE_API_KEY',
    );
    expect((error as SkillError).message).not.toContain('BSA-wrong-key');
  });
});

describe('web_search configuration', () => {
  it('is unavailable, and says why, without a provider', async () => {
    const skill = createWebSearchSkill({ fetcher: shared, braveSearchUrl: search.braveSearchUrl });
    expect(await skill.availability?.()).toEqual({ available: false, reason: NO_SEARCH_PROVIDER });
    const error = await skill.execute({ query: 'x', count: 5 }, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).message).toBe(NO_SEARCH_PROVIDER);
    const configured = createWebSearchSkill({
      fetcher: shared,
      searxngUrl: search.searxngUrl,
      braveSearchUrl: search.braveSearchUrl,
    });
    expect(await configured.availability?.()).toEqual({ available: true });
    expect(configured.level).toBe('MONITORED');
  });

  it('allowlists the search host in its own fetcher, not the shared one', async () => {
    await run({ searxngUrl: search.searxngUrl }, { query: 'rust async runtime' });
    await expect(shared.fetch(`${search.url}/searxng/search`)).rejects.toBeInstanceOf(SsrfError);
  });
});
