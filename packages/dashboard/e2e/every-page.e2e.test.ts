import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Client, type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
// Not re-exported by @agent-runtime/core/testing: the goal workers' timing.
import { configureGoalsTiming, FAST_GOALS_TIMING } from '../../core/src/modules/goals/goals-timing';
import { MODEL_KEY, modelEnv } from '../../core/src/modules/goals/test-support/goal-fixtures';
import { overflowing, waitUntilLoaded, watchRequestsAndConsole } from './support/page-audit';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
} from './support/runtime';
import { type Seeded, seedPages } from './support/seed-pages';

configureGoalsTiming(FAST_GOALS_TIMING);

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const SHOTS = path.join(REPO_ROOT, 'test-results', 'pages');
/** `npm run screenshots` sets it: the README's images are written from this run. */
const DOCS_SHOTS =
  process.env.DOCS_SCREENSHOTS === '1' ? path.join(REPO_ROOT, 'docs', 'screenshots') : null;

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The README's images: the page, and what must be on screen before it is taken. */
const README_SHOTS = (seeded: Seeded) => [
  {
    file: 'chat.png',
    url: `/chat?chat=${seeded.chatId}`,
    ready: (page: Page) => page.getByTestId('confirmation-outcome').first().waitFor(),
  },
  { file: 'overview.png', url: '/overview', ready: async () => {} },
  {
    file: 'goal-task-graph.png',
    url: `/goals/${seeded.goalId}`,
    // One task opened, so its result and trace are in the picture beside the graph.
    ready: async (page: Page) => {
      await page.getByRole('button', { name: /^Draft the summary: Done/ }).click();
      await page.getByTestId('task-details').waitFor();
    },
  },
  { file: 'integrations.png', url: '/integrations', ready: async () => {} },
];

/**
 * Opens a page and waits for it to load. Chromium drops its connections when the machine's
 * network interfaces change (container builds beside the tests add some); a visit that saw that
 * proves nothing either way, so the page is opened once more, fully (`again`).
 */
async function loadOnce(
  page: Page,
  watch: { problems: string[] },
  open: (again: boolean) => Promise<void>,
): Promise<void> {
  for (const again of [false, true]) {
    const before = watch.problems.length;
    await open(again);
    await waitUntilLoaded(page);
    const changed = watch.problems.slice(before).some((p) => p.includes('NETWORK_CHANGED'));
    if (!changed || again) return;
    watch.problems.length = before;
  }
}

/** A record's id is left out of the file name, so a run overwrites the last one's picture. */
/**
 * Opens a page the way the sidebar does, inside the running app (the router follows history), so
 * each page costs its own queries rather than a reload of the whole bundle. The page it leaves is
 * marked, and the visit is over when another has taken its place; so no two pages in a row
 * may be the same component.
 */
async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    document.querySelector('main > *')?.setAttribute('data-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction(() => document.querySelector('main > :not([data-left])') !== null);
}

const fileName = (url: string) =>
  `${url
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'one')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-+|-+$/g, '')}.png`;

describeInBrowser('dashboard: every page, with data, at 1440 and 390 px wide', () => {
  let runtime: BrowserRuntime;
  let model: FakeModelServer;
  let admin: Client;
  let seeded: Seeded;

  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    runtime = await startBrowserRuntime({ env: modelEnv(model) });
    admin = await runtime.server.login();
    seeded = await seedPages(admin, model);
  });
  afterAll(async () => {
    await runtime?.close();
    await model?.close();
  });

  /** Every page of the sidebar, as the dashboard lists it, and the seeded records' own pages. */
  async function pagesToVisit(page: Page): Promise<string[]> {
    await page.goto('/overview');
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await links.first().waitFor({ state: 'attached' });
    const sidebar = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    const { traces } = (await admin.inject({ url: '/api/traces?limit=1' })).json();
    return [
      ...sidebar,
      `/chat?chat=${seeded.chatId}`,
      `/goals/${seeded.goalId}`,
      `/agents/${seeded.agentId}`,
      `/scheduler/${seeded.scheduleId}`,
      `/traces/${traces[0].request_id}`,
      '/integrations/grafana',
    ];
  }

  for (const size of SIZES) {
    test(`${size.name}: no console error, failed request or sideways overflow`, async () => {
      const { page } = await openPage(runtime, { signedIn: true });
      await page.setViewportSize({ width: size.width, height: size.height });
      const watch = watchRequestsAndConsole(page);
      const urls = await pagesToVisit(page);
      // The sidebar has the dashboard's pages (30 when this was written) plus the detail pages.
      expect(urls.length).toBeGreaterThan(6);
      const dir = path.join(SHOTS, size.name);
      await mkdir(dir, { recursive: true });
      for (const [index, url] of urls.entries()) {
        watch.path = url;
        // The first page loads the app (the sidebar's list came from it, on the same page).
        await loadOnce(page, watch, (again) =>
          index === 0 || again ? page.goto(url).then(() => undefined) : visit(page, url),
        );
        for (const problem of await overflowing(page)) watch.problems.push(`${url}: ${problem}`);
        await page.screenshot({ path: path.join(dir, fileName(url)), fullPage: true });
      }
      expect(watch.problems).toEqual([]);
    }, 120_000);
  }

  test('phone: the sidebar opens from the menu button, fits, and closes on a choice', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const watch = watchRequestsAndConsole(page);
    await page.goto('/overview');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    // Closed, the drawer is moved off the left edge of the screen.
    const shown = async () => ((await sidebar.boundingBox())?.x ?? -1) >= 0;
    await expect.poll(shown).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const link = sidebar.getByRole('link', { name: 'Audit log' });
    await link.scrollIntoViewIfNeeded();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'phone', 'sidebar-open.png') });
    await link.click();
    await page.waitForURL(/\/audit$/);
    await expect.poll(shown).toBe(false);
    expect(watch.problems).toEqual([]);
  });

  test('the README screenshots', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const watch = watchRequestsAndConsole(page);
    const dir = DOCS_SHOTS ?? path.join(SHOTS, 'readme');
    await mkdir(dir, { recursive: true });
    for (const shot of README_SHOTS(seeded)) {
      watch.path = shot.url;
      await loadOnce(page, watch, async () => {
        await page.goto(shot.url);
        await shot.ready(page);
      });
      // The mouse rests off the content, so no hover state or tooltip is in the picture.
      await page.mouse.move(0, 899);
      await page.screenshot({ path: path.join(dir, shot.file) });
    }
    expect(watch.problems).toEqual([]);
  });
});
