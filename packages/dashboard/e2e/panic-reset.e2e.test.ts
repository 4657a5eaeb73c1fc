import { type Client, type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LocalServer, startLocalServer } from '../../core/src/testing/local-server';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const PRIME = '# Prime\nNever touch the production ledger.\n';
/** The feed's host, allowed through the SSRF guard for this suite. */
const FEED_HOST = '127.0.0.2';

describeInBrowser('dashboard: Panic Reset', () => {
  let runtime: BrowserRuntime;
  let client: Client;
  let model: FakeModelServer;
  let feed: LocalServer;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await client.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    model = await startFakeOpenAi();
    feed = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Ledger</title></channel></rss>',
      );
    }, FEED_HOST);
    runtime = await startBrowserRuntime({ env: { SSRF_ALLOWLIST: FEED_HOST } });
    client = await runtime.server.login();
    await call('POST', '/chat', { text: 'what is 12 * 12', chat_id: 'ledger-desk' });
    await call('POST', '/api/memory/items', {
      path: 'facts/ledger',
      text: 'The ledger closes on the last Friday of the month.',
    });
    await call('POST', '/api/subscriptions', {
      kind: 'feed',
      url: `${feed.url}/ledger.xml`,
      enabled: false,
    });
    await call('POST', '/api/models/providers', {
      provider_id: 'ledger-llm',
      kind: 'openai',
      label: 'Ledger LLM',
      base_url: model.baseUrl,
      api_key: 'sk-ledger-test-0123456789abcdef',
    });
    const prime = await call('GET', '/api/config/prime');
    await call('PUT', '/api/config/prime', { content: PRIME, base_version: prime.version });
    // Starting the runtime and the browser takes long on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await runtime?.close();
    await feed?.close();
    await model?.close();
  });

  test('the typed phrase runs the six steps; chats and memory are gone, the rest stays', async () => {
    expect((await call('GET', '/api/chats')).chats).toHaveLength(1);
    expect((await call('GET', '/api/memory/items')).items.length).toBeGreaterThan(0);
    const { page, context } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/reset');
    // The plan comes first: what is wiped, with its rows, and what is kept.
    const tables = page.getByTestId('reset-plan-tables');
    await tables.getByText('memory_items').waitFor();
    await page.getByTestId('reset-plan-survivors').getByText('prime.md', { exact: true }).waitFor();
    // And what waits to be stored: fenced off, so nothing from before comes back later.
    await page
      .getByTestId('reset-plan-held')
      .getByText('exchange-journal/', { exact: true })
      .waitFor();
    const phrase = page.getByLabel('Type RESET AGENT to confirm');
    const submit = page.getByTestId('reset-submit');
    expect(await submit.isDisabled()).toBe(true);

    // Pasting is refused: the field stays empty and says why.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('RESET AGENT'));
    await phrase.click();
    await page.keyboard.press('Control+V');
    await page.getByText('Type the phrase; it cannot be pasted or dropped.').waitFor();
    expect(await phrase.inputValue()).toBe('');
    expect(await submit.isDisabled()).toBe(true);

    await page.keyboard.type('RESET AGEN');
    expect(await submit.isDisabled()).toBe(true);
    await page.keyboard.type('T');
    expect(await phrase.inputValue()).toBe('RESET AGENT');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();

    for (let step = 1; step <= 6; step += 1) {
      const row = page.locator(`[data-testid="reset-step-${step}"][data-status="done"]`);
      await row.waitFor({ timeout: 60_000 });
      await page.getByTestId(`reset-step-${step}-duration`).waitFor();
    }
    await page.getByTestId('reset-result').getByText('The agent was reset').waitFor();
    await page.getByText('Panic Reset complete').waitFor();
    expect(await page.getByTestId('reset-step-1').innerText()).toContain('17 tables truncated');

    // Wiped: the conversations and memory.
    expect((await call('GET', '/api/chats')).chats).toEqual([]);
    expect((await call('GET', '/api/memory/items')).items).toEqual([]);
    // Kept: the subscription, the provider and prime.md, as the pages show them.
    await page.goto('/subscriptions');
    await page.getByText(new URL(feed.url).host).first().waitFor();
    await page.goto('/models');
    await page.getByText('Ledger LLM').first().waitFor();
    expect((await call('GET', '/api/config/prime')).content).toBe(PRIME);
    await page.goto('/chat');
    await page.getByText('what is 12 * 12').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  }, 180_000);

  test('a refused reset shows an error card, not a result', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/reset');
    // A reset another replica runs holds the journal: this one answers 409.
    const { db } = runtime.server.sql;
    await db
      .insertInto('reset_runs')
      .values({ run_id: 'elsewhere', actor: 'ops', status: 'running' })
      .execute();
    await page.getByLabel('Type RESET AGENT to confirm').click();
    await page.keyboard.type('RESET AGENT');
    await page.getByTestId('reset-submit').click();
    const card = page.getByTestId('reset-error');
    await card.getByText('A reset is already running').waitFor();
    await card.getByText('reset_in_progress').waitFor();
    expect(await page.getByTestId('reset-result').count()).toBe(0);
    await db.deleteFrom('reset_runs').where('run_id', '=', 'elsewhere').execute();
  }, 60_000);
});
