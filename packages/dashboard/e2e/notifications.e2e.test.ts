import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

describeInBrowser('dashboard: notifications', () => {
  let runtime: BrowserRuntime;
  beforeAll(async () => {
    runtime = await startBrowserRuntime();
  });
  afterAll(() => runtime?.close());

  test('shows the unread count in the header and marks notifications read', async () => {
    const { app } = runtime.server;
    await app.eventQueue.publish({
      kind: 'monitor.down',
      source: 'monitor-e2e',
      title: 'status.example.com is down',
      notify: true,
    });
    await app.eventQueue.publish({
      kind: 'reminder.due',
      source: 'reminder-e2e',
      title: 'Renew the TLS certificate',
      notify: true,
    });
    // A quiet event goes to the event log only, not to the bell.
    await app.eventQueue.publish({ kind: 'feed.item', source: 'feed-e2e', title: 'A new post' });
    await app.eventQueue.drain();

    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/overview');
    const bell = page.getByTestId('notifications-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await bell.click();
    const rows = page.getByTestId('notification');
    await rows.first().waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('Renew the TLS certificate'),
      expect.stringContaining('status.example.com is down'),
    ]);
    await rows.filter({ hasText: 'Renew the TLS' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    expect(await page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('a toast sits below the header, whose buttons it never covers, on a wide and a narrow screen', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page } = await openPage(runtime, { signedIn: true });
      await page.setViewportSize(viewport);
      await page.goto('/identity');
      await page.getByRole('button', { name: 'Edit identity' }).click();
      const form = page.getByRole('form', { name: 'Edit identity' });
      await form.getByLabel('Persona').fill(`Calm and brief (${viewport.width}).`);
      await form.getByRole('button', { name: 'Save' }).click();
      const toast = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Identity saved' });
      await toast.waitFor();
      const header = await page.locator('header').first().boundingBox();
      const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
      expect(headerBottom).toBeGreaterThan(0);
      // Read once the toast has slid into place.
      await page.waitForTimeout(500);
      const box = await toast.boundingBox();
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
      // Every header button can still be clicked where it is.
      for (const button of await page.locator('header button:visible').all()) {
        const at = await button.boundingBox();
        if (!at) continue;
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('header') !== null,
          { x: at.x + at.width / 2, y: at.y + at.height / 2 },
        );
        expect(hit).toBe(true);
      }
    }
  });
});
