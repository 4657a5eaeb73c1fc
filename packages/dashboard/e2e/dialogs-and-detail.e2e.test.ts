import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/** The shared detail layout and form dialog: a missing record, and a dialog on a phone. */
describeInBrowser('dashboard: shared detail page and form dialog', () => {
  let runtime: BrowserRuntime;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
  });
  afterAll(async () => {
    await runtime?.close();
  });

  test('a goal that does not exist shows the not-found state with a way back', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/goals/00000000-0000-4000-8000-000000000000');
    const missing = page.getByTestId('detail-not-found');
    await missing.getByText('No goal with this id').waitFor();
    expect(await page.getByTestId('detail-error').count()).toBe(0);
    await missing.getByRole('link', { name: 'All goals' }).click();
    await page.waitForURL('**/goals');
  });

  test('at 390x844 a form dialog fills the screen, and Enter submits it', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const dialog = page.getByRole('dialog');
    // Polled: the dialog opens with a short transition.
    const box = () => page.locator('.mantine-Modal-content').boundingBox();
    await expect.poll(async () => (await box())?.width).toBe(390);
    await expect.poll(async () => (await box())?.height).toBe(844);
    const form = dialog.getByRole('form', { name: 'Create agent' });
    await form.getByRole('textbox', { name: 'Objective' }).fill('Write things down.');
    await form.getByRole('textbox', { name: 'Name' }).fill('Phone scribe');
    await form.getByRole('textbox', { name: 'Name' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Phone scribe').first().waitFor();
    expect(problems).toEqual([]);
  });
});
