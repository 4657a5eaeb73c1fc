import { TEST_PASSWORD, TEST_USER } from '@agent-runtime/core/testing';
import type { Page } from 'playwright-core';

/** Types into the real sign-in form and submits it, as an operator would. */
export async function submitLoginForm(
  page: Page,
  password: string = TEST_PASSWORD,
  username: string = TEST_USER,
): Promise<void> {
  const form = page.locator('form[action="/auth/login"]');
  await form.getByLabel('Username').fill(username);
  // Anchored: the visibility toggle's label ("Toggle password visibility") also says password.
  await form.getByLabel(/^Password/).fill(password);
  await Promise.all([
    page.waitForNavigation(),
    form.getByRole('button', { name: 'Sign in' }).click(),
  ]);
}
