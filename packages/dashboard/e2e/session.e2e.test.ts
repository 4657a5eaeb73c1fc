import { afterAll, beforeAll, expect, test } from 'vitest';
import { submitLoginForm } from './support/login-form';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
} from './support/runtime';

describeInBrowser('dashboard: sessions', () => {
  let runtime: BrowserRuntime;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
  });
  afterAll(async () => {
    await runtime?.close();
  });

  test('without a session, a page visit goes to /login?next= and back after sign-in', async () => {
    const { page } = await openPage(runtime);
    await page.goto('/audit?action=auth.login');

    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('next')).toBe('/audit?action=auth.login');
    expect(await page.locator('input[name="next"]').inputValue()).toBe('/audit?action=auth.login');
    // The login page stands alone: no sidebar.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await submitLoginForm(page);
    const back = new URL(page.url());
    expect(`${back.pathname}${back.search}`).toBe('/audit?action=auth.login');
    expect(await page.getByLabel('Action').inputValue()).toBe('auth.login');
  });

  test('a session that ends while the page is open sends the browser to /login?next=', async () => {
    const { page, client } = await openPage(runtime, { signedIn: true });
    await page.goto('/overview');
    await page.getByTestId('signed-in-user').waitFor();

    // Ended elsewhere (a sign-out in another tab, a password change, expiry).
    const ended = await client?.inject({ method: 'POST', url: '/auth/logout' });
    expect(ended?.statusCode).toBe(200);

    await Promise.all([
      page.waitForURL(/\/login\?next=/),
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Audit log' })
        .click(),
    ]);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/audit');
  });

  test('the login page goes straight on when a session exists', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/login?next=%2Fhealth');
    await page.waitForURL('**/health');
  });

  test('repeated failed sign-ins are rate limited, and the form says so', async () => {
    const { page } = await openPage(runtime);
    await page.goto('/login');
    // One form sign-in above already counted; the limit is 5 attempts per 5 minutes.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await submitLoginForm(page, 'wrong-password');
      expect(new URL(page.url()).searchParams.get('error')).toBe('invalid_credentials');
    }
    await submitLoginForm(page);
    expect(new URL(page.url()).searchParams.get('error')).toBe('rate_limited');
    expect(await page.getByRole('alert').textContent()).toContain('Too many attempts');
  });
});
