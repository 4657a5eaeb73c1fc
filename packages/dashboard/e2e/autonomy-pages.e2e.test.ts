import { type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
// Not re-exported by @agent-runtime/core/testing: a real HTTP server on a loopback address.
import { type LocalServer, startLocalServer } from '../../core/src/testing/local-server';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/** The only private address the runtime may fetch in these tests (SSRF_ALLOWLIST). */
const ALLOWED_HOST = '127.0.0.2';

const FEED_ITEMS = [
  {
    title: 'Spring sportive: entries open',
    slug: 'spring-sportive',
    date: 'Sat, 21 Nov 2026 09:30:00 GMT',
  },
  {
    title: 'Club AGM moved to 3 December',
    slug: 'agm-moved',
    date: 'Fri, 20 Nov 2026 18:00:00 GMT',
  },
  { title: 'Winter tyre pressures', slug: 'winter-tyres', date: 'Thu, 19 Nov 2026 07:15:00 GMT' },
];

function rss(base: string): string {
  const items = FEED_ITEMS.map(
    (item) => `
    <item>
      <title>${item.title}</title>
      <link>${base}/posts/${item.slug}</link>
      <guid isPermaLink="false">${item.slug}</guid>
      <pubDate>${item.date}</pubDate>
      <description><![CDATA[<p>${item.title}, in full.</p>]]></description>
    </item>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
  <title>Tideline Cycling Club</title><link>${base}/</link><description>Club news</description>${items}
</channel></rss>`;
}

/** A Mantine Select: open it, type to filter when it is searchable, pick the option. */
async function choose(
  page: Page,
  label: string,
  option: string,
  scope: Locator,
  { search = false } = {},
): Promise<void> {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  if (search) await input.fill(option);
  // Options may carry a description after their name.
  const name = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  await page.getByRole('option', { name }).click();
}

describeInBrowser('dashboard: agents, scheduler and subscriptions', () => {
  let runtime: BrowserRuntime;
  let fake: FakeModelServer;
  let site: LocalServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    site = await startLocalServer((request, response) => {
      const url = new URL(request.url, 'http://site');
      if (url.pathname === '/status') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return void response.end('all systems normal');
      }
      if (url.pathname === '/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        return void response.end(rss(site.url));
      }
      if (url.pathname === '/api/quote') {
        const symbol = url.searchParams.get('symbol');
        response.writeHead(symbol === 'ACME' ? 200 : 404, { 'content-type': 'application/json' });
        return void response.end(
          JSON.stringify(
            symbol === 'ACME' ? { data: { symbol, price: '123.45' } } : { error: 'unknown' },
          ),
        );
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not Found');
    }, ALLOWED_HOST);
    runtime = await startBrowserRuntime({
      env: {
        SSRF_ALLOWLIST: ALLOWED_HOST,
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghij',
        OPENAI_BASE_URL: fake.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
    });
  });
  afterAll(async () => {
    await runtime?.close();
    await site?.close();
    await fake?.close();
  });

  test('creates a sub-agent, sends it work and shows both sides in its log', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/agents');
    await page.getByText('No sub-agents yet').waitFor();
    expect(await page.title()).toBe('Agents · Agent Runtime');

    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Create agent' });
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.getByText('Give the agent a name.').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('Researcher');
    await form.getByRole('textbox', { name: 'Objective' }).fill('Find facts about the release.');
    await form.getByRole('textbox', { name: 'Priority' }).fill('7');
    await form.getByRole('button', { name: 'Create agent' }).click();

    // A new agent opens on its own page, idle, with an empty log.
    await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/);
    const agentUrl = page.url();
    await page.getByRole('heading', { name: 'Researcher' }).waitFor();
    await page.locator('[data-testid="agent-status"][data-status="idle"]').first().waitFor();
    await page.getByText('No messages yet').waitFor();

    // Work sent from the composer: running while the model answers, then the reply in the log.
    fake.queue({ text: 'The release is on Friday.', firstChunkDelayMs: 1_500 });
    const composer = page.getByRole('textbox', { name: 'Message to the agent' });
    await composer.fill('When is the release?');
    await composer.press('Enter');
    await page.getByTestId('agent-working').waitFor();
    await page.locator('[data-testid="agent-status"][data-status="running"]').first().waitFor();
    const log = page.getByRole('list', { name: 'Message log' });
    await log.locator('[data-from="operator"]', { hasText: 'When is the release?' }).waitFor();
    const reply = log.locator('[data-from="reply"]', { hasText: 'The release is on Friday.' });
    await reply.waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="agent-status"][data-status="idle"]').first().waitFor();
    expect(await log.getByTestId('agent-message').count()).toBe(2);
    // Newest first: the reply above the question, both linked to the run's trace.
    expect(await log.getByTestId('agent-message').first().getAttribute('data-from')).toBe('reply');
    const traceLinks = await log
      .getByTestId('message-trace')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(traceLinks).toHaveLength(2);
    expect(traceLinks[0]).toMatch(/^\/traces\/[0-9a-f-]{36}$/);
    expect(traceLinks[1]).toBe(traceLinks[0]);
    // The sub-agent's role went to the model as its standing instruction.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Find facts about the release.');

    // A paused agent refuses work: the refusal is shown next to the composer, not as a toast.
    await page.getByRole('button', { name: 'Pause' }).first().click();
    await page.locator('[data-testid="agent-status"][data-status="paused"]').first().waitFor();
    await composer.fill('And the one after?');
    await composer.press('Enter');
    await page
      .getByTestId('composer-error')
      .getByText('resume it before sending it work')
      .waitFor();
    await page.getByRole('button', { name: 'Resume' }).first().click();
    await page.locator('[data-testid="agent-status"][data-status="idle"]').first().waitFor();

    // The list shows it with its status and message count; a second one cannot take its name.
    await page.getByRole('link', { name: 'All agents' }).click();
    const row = page.locator('tr[data-agent="Researcher"]');
    // The list may first show what it held before the work (then it refetches): wait for the count.
    await row.getByText('idle').waitFor();
    await row.locator('td').nth(3).getByText('2', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const second = page.getByRole('dialog').getByRole('form', { name: 'Create agent' });
    await second.getByRole('textbox', { name: 'Name' }).fill('researcher');
    await second.getByRole('textbox', { name: 'Objective' }).fill('Duplicate.');
    await second.getByRole('button', { name: 'Create agent' }).click();
    await second.getByText('An agent named "researcher" already exists').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Delete asks first, then the agent is gone from the list and its page.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Researcher?' })
      .getByRole('button', { name: 'Delete agent' })
      .click();
    await page.getByText('No sub-agents yet').waitFor();
    await page.goto(agentUrl);
    await page.getByText('No agent with this id').waitFor();
    expect(problems).toEqual([]);
  });

  test('creates a recurring task with a live cron preview, and a monitor that comes up', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/scheduler');
    await page.getByText('No recurring tasks').waitFor();
    expect(await page.title()).toBe('Scheduler · Agent Runtime');

    await page.getByRole('button', { name: 'Add recurring task' }).click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Add a recurring task' });
    const cron = form.getByRole('textbox', { name: 'Cron expression' });
    // An expression the runtime refuses is named next to the field as it is typed.
    await cron.fill('61 * * * *');
    await form.getByText(/Is not a valid cron expression/).waitFor();
    await cron.fill('0 9 * * 1-5');
    await choose(page, 'Time zone', 'Asia/Tokyo', form, { search: true });
    const occurrences = form.getByTestId('cron-occurrence');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="cron-occurrence"]')].filter((row) =>
          row.textContent?.includes('09:00 GMT+9'),
        ).length === 5,
    );
    for (const text of await occurrences.allTextContents()) expect(text).not.toMatch(/Sat|Sun/);
    await form.getByRole('textbox', { name: 'Prompt' }).fill('Summarise the news of the night.');
    await form.getByRole('textbox', { name: 'Name' }).fill('Morning news');
    await form.getByRole('button', { name: 'Add recurring task' }).click();

    const row = page.locator('tr[data-schedule="Morning news"]');
    await row.waitFor();
    expect(await row.getByTestId('schedule-cron').textContent()).toBe('0 9 * * 1-5');
    expect(await row.getByTestId('next-run').textContent()).toContain('09:00 GMT+9');
    expect(await row.getByRole('switch', { name: 'Enabled: Morning news' }).isChecked()).toBe(true);

    // Its page lists the upcoming occurrences and an empty run history.
    await row.getByRole('link', { name: 'Morning news' }).click();
    await page.waitForURL(/\/scheduler\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Morning news' }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="upcoming"] > *').length === 5,
    );
    await page.getByText('No runs yet').waitFor();
    await page.getByRole('link', { name: 'All schedules' }).click();

    // A private address is refused with the reason; the allowlisted one is checked and up.
    await page.getByRole('button', { name: 'Add monitor' }).click();
    const monitor = page.getByRole('dialog').getByRole('form', { name: 'Add a monitor' });
    const url = monitor.getByRole('textbox', { name: 'URL' });
    await url.fill(`http://127.0.0.3:${site.port}/status`);
    await monitor.getByRole('textbox', { name: 'Name' }).fill('Status page');
    await monitor.getByRole('button', { name: 'Add monitor' }).click();
    await monitor
      .getByTestId('url-blocked')
      .getByText(/SSRF_ALLOWLIST/)
      .first()
      .waitFor();
    await url.fill(`${site.url}/status`);
    await monitor.getByRole('button', { name: 'Add monitor' }).click();
    const monitorRow = page.locator('tr[data-schedule="Status page"]');
    await monitorRow.locator('[data-testid="monitor-state"][data-state="up"]').waitFor({
      timeout: 20_000,
    });
    await monitorRow.getByText('HTTP 200').waitFor();
    expect(site.requests.some((request) => request.url === '/status')).toBe(true);

    // Its run history records the check.
    await monitorRow.getByRole('link', { name: 'Status page' }).click();
    await page.locator('tr[data-status="ok"]').first().waitFor({ timeout: 15_000 });
    expect(problems).toEqual([]);
  });

  test('adds a feed and a price alert, checks them and shows what they read', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/subscriptions');
    await page.getByText('No feeds').waitFor();
    expect(await page.title()).toBe('Subscriptions · Agent Runtime');

    await page.getByRole('button', { name: 'Add feed' }).click();
    const feedForm = page.getByRole('dialog').getByRole('form', { name: 'Add feed' });
    const feedUrl = feedForm.getByRole('textbox', { name: 'Feed URL' });
    // A private address outside SSRF_ALLOWLIST is refused before anything is fetched, and why.
    await feedUrl.fill(`http://127.0.0.3:${site.port}/feed.xml`);
    await feedForm.getByRole('button', { name: 'Subscribe' }).click();
    await feedForm.getByText(/resolves to 127\.0\.0\.3/).waitFor();
    await feedForm
      .getByTestId('url-blocked')
      .getByText(/private addresses need SSRF_ALLOWLIST/)
      .waitFor();
    await feedUrl.fill(`${site.url}/feed.xml`);
    await feedForm.getByRole('textbox', { name: 'Name' }).fill('Club news');
    await feedForm.getByRole('button', { name: 'Subscribe' }).click();
    const feedRow = page.locator('tr[data-subscription="Club news"]');
    await feedRow.waitFor();

    await feedRow.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('Club news checked').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('tr[data-subscription="Club news"] [data-testid="items-seen"]')
          ?.textContent === '3',
    );
    await feedRow.getByRole('button', { name: 'Items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Items of Club news' });
    await drawer.getByTestId('feed-item').nth(2).waitFor();
    const titles = await drawer.getByTestId('feed-item').getByRole('link').allTextContents();
    expect(titles.sort()).toEqual(FEED_ITEMS.map((item) => item.title).sort());
    expect(
      await drawer.getByRole('link', { name: FEED_ITEMS[0]?.title ?? '' }).getAttribute('href'),
    ).toBe(`${site.url}/posts/spring-sportive`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Adding the same feed again is refused next to the URL.
    await page.getByRole('button', { name: 'Add feed' }).click();
    const again = page.getByRole('dialog').getByRole('form', { name: 'Add feed' });
    await again.getByRole('textbox', { name: 'Feed URL' }).fill(`${site.url}/feed.xml`);
    await again.getByRole('button', { name: 'Subscribe' }).click();
    await again.getByText('A feed with this URL is subscribed already').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // A price alert on a JSON quote API: the template fields appear with that source.
    await page.getByRole('button', { name: 'Add price alert' }).click();
    const alertForm = page.getByRole('dialog').getByRole('form', { name: 'Add price alert' });
    await choose(page, 'Quote source', 'json_url', alertForm);
    await alertForm
      .getByRole('textbox', { name: 'Quote URL' })
      .fill(`${site.url}/api/quote?symbol={symbol}`);
    await alertForm.getByRole('textbox', { name: 'Price at' }).fill('data.price');
    await alertForm.getByRole('textbox', { name: 'Symbol' }).fill('ACME');
    await alertForm.getByRole('textbox', { name: 'Threshold' }).fill('100');
    await alertForm.getByRole('button', { name: 'Set alert' }).click();
    const alertRow = page.locator('tr[data-subscription="ACME above 100"]');
    await alertRow.waitFor();
    await alertRow.getByRole('button', { name: 'Check now' }).click();
    await page
      .getByText(/Now 123\.45/)
      .first()
      .waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('tr[data-subscription="ACME above 100"] [data-testid="last-price"]')
          ?.textContent === '123.45',
    );
    await alertRow.locator('[data-testid="alert-state"]', { hasText: 'triggered' }).waitFor();

    // Pausing is a switch; deleting asks first.
    await feedRow.getByRole('switch', { name: 'Polling: Club news' }).click({ force: true });
    await feedRow.getByText('paused: not polled').waitFor();
    await alertRow.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete ACME above 100?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No price alerts').waitFor();
    expect(problems).toEqual([]);
  });
});
