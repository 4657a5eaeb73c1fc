import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/** How far a table is wider than the box it sits in (0: it fits, nothing scrolls sideways). */
const overflow = (page: Page, label: string) =>
  page.getByRole('table', { name: label }).evaluate((table) => {
    const box = (table.parentElement as HTMLElement).getBoundingClientRect();
    return Math.round(table.getBoundingClientRect().width - box.width);
  });

describeInBrowser('dashboard: tables and badges fit', () => {
  let runtime: BrowserRuntime;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
  });
  afterAll(async () => {
    await runtime?.close();
  });

  test("a connector's actions fit at 1440 px with risk and confirmation in view, drop the description when narrower, and are cards on a phone", async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations/grafana');
    const table = page.getByRole('table', { name: 'Actions' });
    await table.waitFor();
    await expect.poll(() => overflow(page, 'Actions')).toBeLessThanOrEqual(0);
    const viewport = page.viewportSize()?.width ?? 0;
    for (const name of ['Risk', 'Confirmation', 'Allowed']) {
      const header = await table.getByRole('columnheader', { name }).boundingBox();
      expect(header, name).not.toBeNull();
      expect((header?.x ?? 0) + (header?.width ?? 0), name).toBeLessThanOrEqual(viewport);
    }
    // A long description is cut to one line; its whole text is one hover away.
    const description = table.locator('[data-action="list_firing_alerts"] td').nth(1);
    expect(await description.evaluate((cell) => cell.getClientRects().length)).toBe(1);
    await description.locator('p').hover();
    await page
      .getByRole('tooltip')
      .getByText(/Alerts firing now/)
      .waitFor();

    // Narrower, the description goes first; the operator's controls stay.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Description' }).isVisible())
      .toBe(false);
    await table.getByRole('columnheader', { name: 'Risk' }).waitFor();
    await expect.poll(() => overflow(page, 'Actions')).toBeLessThanOrEqual(0);

    // On a phone each action is a card with every field, none wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Actions' });
    const card = cards.locator('[data-action="list_firing_alerts"]');
    await card.getByLabel('Risk of list_firing_alerts').waitFor();
    await card.getByRole('switch', { name: 'Allow list_firing_alerts' }).waitFor();
    // Polled: the shell's navigation slides away over a few frames after the resize.
    const widest = () =>
      cards.evaluate((list) =>
        Math.max(
          ...[...list.querySelectorAll('*')].map((node) => node.getBoundingClientRect().right),
        ),
      );
    await expect.poll(widest).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });

  test('relative times never wrap and a status badge is never cut', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/overview');
    // A table on wide screens, cards on a phone: the time is in either.
    const when = page.getByLabel('Recent activity').locator('time').first();
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await when.waitFor();
      // One line box: the words of "1 minute ago" stay together.
      expect(await when.evaluate((time) => time.getClientRects().length), `${width}`).toBe(1);
    }
    // No model is configured: the overview says "unconfigured" in full.
    const badges = page.locator('.mantine-Badge-label', { hasText: /^unconfigured$/i });
    await badges.first().waitFor();
    for (const label of await badges.all()) {
      if (!(await label.isVisible())) continue;
      expect(await label.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
    }
  });

  test('the traces list fits its page, dropping tokens and model before the input', async () => {
    const client = await runtime.server.login();
    for (const text of ['what is 6 * 7?', 'what is 2 + 2?'])
      await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: 'tables-e2e' },
      });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/traces');
    const table = page.getByRole('table', { name: 'Traces' });
    await table.locator('tr[data-trace-id]').nth(1).waitFor();
    await expect.poll(() => overflow(page, 'Traces')).toBeLessThanOrEqual(0);
    expect(await table.getByRole('columnheader', { name: 'Model' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Model' }).isVisible())
      .toBe(false);
    expect(await table.getByRole('columnheader', { name: 'Input' }).isVisible()).toBe(true);
    await expect.poll(() => overflow(page, 'Traces')).toBeLessThanOrEqual(0);
  });

  test('converted lists are the shared table at desktop width and cards that fit at 390 px', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    const lists = [
      {
        url: '/config',
        open: () => page.getByRole('tab', { name: /Runtime parameters/ }).click(),
        label: 'Runtime parameters',
      },
      // With no custom skill the guide starts open, with its manifest fields.
      { url: '/skills', open: async () => {}, label: 'Manifest fields' },
    ];
    for (const list of lists) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(list.url);
      await list.open();
      const table = page.getByRole('table', { name: list.label });
      await table.waitFor();
      expect(await table.getAttribute('data-testid'), list.label).toBe('data-table');
      await expect.poll(() => overflow(page, list.label)).toBeLessThanOrEqual(0);

      await page.setViewportSize({ width: 390, height: 844 });
      const cards = page.getByRole('list', { name: list.label });
      await cards.waitFor();
      expect(await cards.getAttribute('data-testid'), list.label).toBe('data-cards');
      // No element of a card reaches past the card list's own box, once the shell has laid
      // out for the phone (its navigation slides away over a few frames after the resize).
      const past = () =>
        cards.evaluate((root) => {
          const right = root.getBoundingClientRect().right;
          return [...root.querySelectorAll('*')].filter(
            (node) => node.getBoundingClientRect().right > right + 0.5,
          ).length;
        });
      await expect.poll(past, { message: list.label }).toBe(0);
    }
    expect(problems).toEqual([]);
  });
});
