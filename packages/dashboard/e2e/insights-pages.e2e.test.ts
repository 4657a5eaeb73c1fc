import type { Client } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  daysAgo,
  type Seed,
  seedTraces,
  step,
} from '../../core/src/modules/insights/insights-testing';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const chain = [step('web_search'), step('fetch_url'), step('notes', { level: 'CONTROLLED' })];
const seeds: Seed[] = [
  // Answered by the model: latency 120 ms and 3 s, 1,500 tokens each.
  ...[120, 3000].map((latency, i) => ({
    request_id: `metric-${i}`,
    at: daysAgo(2, 600 + i),
    tier: 'llm_loop' as const,
    latency_ms: latency,
    model: 'openai/gpt-4o-mini',
    tokens: { input: 1000, output: 500, total: 1500 },
    cost_usd: 0.00045,
    steps: chain,
  })),
  { request_id: 'chain-3', at: daysAgo(3, 600), tier: 'llm_loop', steps: chain },
  // One call of one skill, counted in the singular.
  {
    request_id: 'single-call',
    at: daysAgo(2, 700),
    tier: 'decision_layer',
    steps: [step('calculate')],
  },
  // Asked at about 09:00 UTC on three days; nothing in the last 24 hours.
  ...[4, 3, 2].map((days, i) => ({
    request_id: `weather-${days}`,
    at: daysAgo(days, 538 + i * 6),
    tier: 'llm_loop' as const,
    input: 'What is the weather in Lisbon?',
  })),
];

describeInBrowser('dashboard: metrics, cognitive, skill evolution, opportunities', () => {
  let runtime: BrowserRuntime;
  let admin: Client;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
    admin = await runtime.server.login();
    await seedTraces(runtime.server, seeds);
  });
  afterAll(() => runtime?.close());

  test('shows latency, errors and tokens of the stored traces over a range', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/metrics');
    expect(await page.title()).toBe('Metrics · Agent Runtime');
    const histogram = page.getByRole('list', {
      name: 'Latency histogram of llm_loop · openai/gpt-4o-mini',
    });
    await histogram.getByRole('listitem', { name: '100 ms – 250 ms: 1' }).waitFor();
    await histogram.getByRole('listitem', { name: '2.5 s – 5 s: 1' }).waitFor();
    const usage = page.getByRole('table', { name: 'Token usage and cost per day' });
    const row = usage.getByRole('row').filter({ hasText: 'openai/gpt-4o-mini' });
    expect(await row.innerText()).toContain('2,000');

    // A range with nothing in it says what fills the page.
    await page.getByRole('radiogroup', { name: 'Time range' }).getByText('Last 24 hours').click();
    await page.getByText('No requests in this range').waitFor();
    expect(problems).toEqual([]);
  });

  test('shows the self-model and the composite candidates mined from the traces', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/cognitive');
    const skills = page.getByRole('table', { name: 'Skill reliability' });
    // 3 of 3 done: 100 % with the Wilson interval 44 %–100 %.
    expect(await skills.getByRole('row', { name: 'fetch_url' }).innerText()).toContain(
      '100 % (44 %–100 %)',
    );
    await page
      .getByRole('table', { name: 'Tier reliability' })
      .getByRole('row', { name: 'llm_loop' })
      .waitFor();

    await page.goto('/skill-evolution');
    const candidates = page.getByRole('table', { name: 'Composite skill candidates' });
    await candidates.getByLabel('web_search → fetch_url → notes').waitFor();
    expect(await candidates.getByRole('row').count()).toBe(2);
    const evolution = page.getByRole('table', { name: 'Capability evolution' });
    await evolution.getByRole('row', { name: 'notes' }).waitFor();
    const single = evolution.getByRole('row', { name: 'calculate' });
    expect(await single.locator('td').first().innerText()).toContain('1 call');
    expect(await single.innerText()).not.toContain('1 calls');
    expect(await evolution.getByRole('row', { name: 'notes' }).innerText()).toContain('3 calls');
  });

  test('accepts a schedule opportunity, which the scheduler creates', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/opportunities');
    const title = 'Ask "What is the weather in Lisbon?" every day at 09:00 UTC';
    const card = page.getByRole('article', { name: title });
    expect(await card.getByTestId('opportunity-proposal').innerText()).toContain(
      '"cron": "0 9 * * *"',
    );
    await card.getByRole('button', { name: 'Accept' }).click();
    await page.getByText(`Created: ${title}`).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByText('No open opportunity').waitFor();

    const schedules = (await admin.inject({ url: '/api/schedules' })).json() as {
      schedules: Array<{ cron: string; action: { text: string } | null }>;
    };
    expect(schedules.schedules).toEqual([
      expect.objectContaining({
        cron: '0 9 * * *',
        action: { type: 'prompt', text: 'What is the weather in Lisbon?' },
      }),
    ]);
    await runtime.server.app.audit.flush();
    const audit = await admin.inject({ url: '/api/audit?action=opportunity.accept' });
    expect(audit.json().entries).toHaveLength(1);

    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Accepted').click();
    await page
      .getByRole('article', { name: title })
      .getByRole('link', { name: 'Open what was created' })
      .waitFor();
    expect(problems).toEqual([]);
  });
});
