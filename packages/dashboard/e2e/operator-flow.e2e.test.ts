import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { submitLoginForm } from './support/login-form';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const SEEDED = 120;

describeInBrowser('dashboard: an operator session', () => {
  let runtime: BrowserRuntime;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
  });
  afterAll(async () => {
    await runtime?.close();
  });

  test('signs in through the login form and lands on the overview', async () => {
    const { page } = await openPage(runtime);
    const problems = watchPageProblems(page);

    await page.goto('/overview');
    expect(new URL(page.url()).pathname).toBe('/login');

    await submitLoginForm(page, 'not-the-password');
    const failed = new URL(page.url());
    expect(failed.pathname).toBe('/login');
    expect(failed.searchParams.get('error')).toBe('invalid_credentials');
    expect(await page.getByRole('alert').textContent()).toContain('not correct');

    await submitLoginForm(page);
    expect(new URL(page.url()).pathname).toBe('/overview');
    await page.getByTestId('signed-in-user').getByText('admin').waitFor();
    // Real data: the runtime's status and the sign-in just recorded in the audit log.
    await page.getByText('Healthy', { exact: true }).first().waitFor();
    await page.getByRole('cell').getByText('auth.login').first().waitFor({ timeout: 20_000 });
    expect(await page.title()).toBe('Overview · Agent Runtime');
    expect(problems).toEqual([]);
  });

  test('shows real values on the health page and keeps them fresh', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    const health = (await (
      await fetch(`${runtime.server.url}/health`, { headers: { accept: 'application/json' } })
    ).json()) as { version: string; components: { sqldb: { status: string } } };
    expect(health.components.sqldb.status).toBe('ok');

    await page.goto('/overview');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Health' })
      .click();
    await page.waitForURL('**/health');

    expect(await page.getByTestId('version').textContent()).toBe(health.version);
    const sqlRow = page.getByRole('row').filter({ hasText: 'SQL database' });
    expect(await sqlRow.getByText('ok', { exact: true }).textContent()).toBe('ok');
    // No agent-broker in the embedded default: the row says container control is off.
    const brokerRow = page.getByRole('row').filter({ hasText: 'Container broker' });
    expect(await brokerRow.getByText('unconfigured', { exact: true }).count()).toBe(1);
    expect(await brokerRow.textContent()).toContain('container control is off');
    const cpi = Number(await page.getByTestId('cpi-value').textContent());
    expect(cpi).toBeGreaterThanOrEqual(0);
    expect(cpi).toBeLessThanOrEqual(100);
    expect(await page.getByTestId('updated-ago').textContent()).toMatch(/^Updated \d+s ago$/);
    // The isolation of shell and python skills in force, as the sandbox reports it.
    const isolation = runtime.server.app.sandbox.isolation();
    expect(await page.getByTestId('sandbox-isolation').textContent()).toBe(
      `${{ bubblewrap: 'bubblewrap sandbox', uid: 'separate user only', none: 'none' }[isolation.mode]}, uid ${isolation.uid}`,
    );

    // The page polls every 5 s.
    const refresh = await page.waitForResponse(
      (response) => response.url().endsWith('/api/health/details'),
      { timeout: 8_000 },
    );
    expect(refresh.status()).toBe(200);
    expect(problems).toEqual([]);
  });

  describe('audit log', () => {
    beforeAll(async () => {
      const { audit } = runtime.server.app;
      for (let n = 0; n < SEEDED; n += 1) {
        audit.record({
          action: n % 3 === 0 ? 'e2e.seed.special' : 'e2e.seed',
          actor: 'e2e',
          target: `item-${n}`,
          detail: { n },
        });
      }
      await audit.flush();
    });

    test('pages with Load more until the log is exhausted', async () => {
      const { page } = await openPage(runtime, { signedIn: true });
      await runtime.server.app.audit.flush();
      const total = (await runtime.server.app.audit.list({ limit: 500 })).entries.length;
      expect(total).toBeGreaterThan(SEEDED);

      await page.goto('/audit');
      const rows = page.locator('tr[data-audit-id]');
      const loadMore = page.getByRole('button', { name: 'Load more' });
      await rows.first().waitFor();
      const counts = [await rows.count()];
      expect(counts[0]).toBe(50);

      while (await loadMore.isVisible()) {
        const before = await rows.count();
        await loadMore.click();
        await page.waitForFunction(
          (previous) => document.querySelectorAll('tr[data-audit-id]').length > previous,
          before,
        );
        counts.push(await rows.count());
      }

      // Each click adds one page of 50 until the last, shorter page.
      expect(counts).toEqual(counts.map((_, index) => Math.min(50 * (index + 1), total)));
      expect(counts.at(-1)).toBe(total);
      const ids = await rows.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('data-audit-id')),
      );
      expect(new Set(ids).size).toBe(total);
      expect(await page.getByTestId('audit-count').textContent()).toBe(
        `All ${total} entries shown`,
      );
      expect(await loadMore.count()).toBe(0);

      // A row opens to show its detail JSON and request id.
      const newestSeed = rows.filter({ hasText: 'item-119' });
      await newestSeed.getByRole('button', { name: 'Show details' }).click();
      expect(await page.getByTestId('audit-detail').textContent()).toContain('"n": 119');
      await page.getByText('Request id', { exact: true }).waitFor();
    });

    test('filters by action, keeping the filter in the URL', async () => {
      const { page } = await openPage(runtime, { signedIn: true });
      await page.goto('/audit');
      const rows = page.locator('tr[data-audit-id]');
      await rows.first().waitFor();

      const filters = page.getByRole('form', { name: 'Audit filters' });
      await filters.getByLabel('Action').fill('e2e.seed.special');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/[?&]action=e2e\.seed\.special/);
      await page.getByTestId('audit-count').getByText('All 40 entries shown').waitFor();
      const actions = await rows.locator('td:nth-child(3)').allInnerTexts();
      expect(actions).toHaveLength(SEEDED / 3);
      expect(new Set(actions)).toEqual(new Set(['e2e.seed.special']));

      // The URL is the state: a reload shows the same filtered view.
      await page.reload();
      await page.getByTestId('audit-count').getByText('All 40 entries shown').waitFor();
      expect(await filters.getByLabel('Action').inputValue()).toBe('e2e.seed.special');

      // A prefix ending in * matches both seeded actions.
      await filters.getByLabel('Action').fill('e2e.*');
      await filters.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/[?&]action=e2e\.\*/);
      await page.getByTestId('audit-count').getByText('Showing the newest 50 entries').waitFor();
    });
  });

  test('shows a not-found page inside the layout for unknown paths', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/no-such-page');
    await page.getByText('Page not found').waitFor();
    const navigation = page.getByRole('navigation', { name: 'Main' });
    // SPEC section 4's order, pages that exist only.
    expect(await navigation.getByRole('link').allInnerTexts()).toEqual([
      'Overview',
      'Chat',
      'Command palette',
      'Identity',
      'Configuration',
      'Skills',
      'Models',
      'Integrations',
      'Scheduler',
      'Agents',
      'Goals',
      'Subscriptions',
      'Health',
      'Self-improve',
      'Behavioral rules',
      'Audit log',
      'Panic Reset',
      'Traces',
      'Live',
      'Metrics',
      'Cognitive',
      'Memory',
      'Knowledge graph',
      'World model',
      'Vector memory',
      'Brain',
      'Tasks',
      'Skill evolution',
      'Opportunities',
      'State',
    ]);
    await page.getByRole('link', { name: 'Go to the overview' }).click();
    await page.waitForURL('**/overview');
  });

  test('signs out, after which a page visit goes to the login form', async () => {
    const { page, context } = await openPage(runtime);
    await page.goto('/overview');
    await submitLoginForm(page);
    expect(new URL(page.url()).pathname).toBe('/overview');

    await Promise.all([
      page.waitForURL('**/login'),
      page.getByRole('button', { name: 'Sign out' }).click(),
    ]);
    expect((await context.request.get('/auth/session')).status()).toBe(401);

    await page.goto('/audit');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe('/audit');
    await page.locator('form[action="/auth/login"]').waitFor();
  });
});
