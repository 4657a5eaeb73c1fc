import { afterAll, beforeAll, expect, test } from 'vitest';
import { formRefusal, refuseNext } from './support/refusals';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/** The shared detail layout and dialogs: a missing record, dialogs on a phone, a refusal. */
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
    // Polled and rounded: the opening transition moves it, by a fraction of a pixel at the end.
    const box = () => page.locator('.mantine-Modal-content').boundingBox();
    await expect.poll(async () => Math.round((await box())?.width ?? 0)).toBe(390);
    await expect.poll(async () => Math.round((await box())?.height ?? 0)).toBe(844);
    const form = dialog.getByRole('form', { name: 'Create agent' });
    await form.getByRole('textbox', { name: 'Objective' }).fill('Write things down.');
    await form.getByRole('textbox', { name: 'Name' }).fill('Phone scribe');
    await form.getByRole('textbox', { name: 'Name' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Phone scribe').first().waitFor();
    expect(problems).toEqual([]);
  });

  test('at 390x844 a confirmation fills the screen and keeps a refusal in it, with its code', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/config?tab=flags');
    await page.getByTestId('flags-summary').waitFor();
    await refuseNext(page, 'PUT', '/api/config/flags/grounder_corrections', 409, {
      error: 'flag_locked',
      message: 'The flag is locked by the runtime environment',
    });
    const safeguard = page.locator('[data-flag="grounder_corrections"]').getByRole('switch');
    await safeguard.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Turn off grounder_corrections?' });
    await dialog.getByRole('button', { name: 'Turn off' }).waitFor();
    // Polled and rounded: the opening transition moves it, by a fraction of a pixel at the end.
    const box = () => page.locator('.mantine-Modal-content').boundingBox();
    await expect.poll(async () => Math.round((await box())?.width ?? 0)).toBe(390);
    await expect.poll(async () => Math.round((await box())?.height ?? 0)).toBe(844);

    // Refused: the dialog stays open with the runtime's words and code, and no toast repeats it.
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    const refusal = await formRefusal(dialog);
    expect(refusal).toContain('The flag is locked by the runtime environment');
    expect(refusal).toContain('flag_locked');
    expect(refusal).not.toContain('Request failed');
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(await safeguard.isChecked()).toBe(true);

    // Cancel clears it: asked again, the dialog starts afresh.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await safeguard.click({ force: true });
    await dialog.getByRole('button', { name: 'Turn off' }).waitFor();
    expect(await dialog.getByTestId('form-refusal').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  });
});
