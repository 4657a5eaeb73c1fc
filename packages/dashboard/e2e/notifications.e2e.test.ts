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
});
