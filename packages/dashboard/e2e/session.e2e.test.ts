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
    const limited = new URL(page.url());
    expect(limited.searchParams.get('error')).toBe('rate_limited');
    const wait = Number(limited.searchParams.get('retry_after'));
    expect(wait).toBeGreaterThan(0);
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toContain('Too many attempts');
    // How long, from the runtime's Retry-After, counted down while the page is open.
    const said = /Try again in (?:(\d+) minutes?)?\s*(?:(\d+) seconds?)?/.exec(
      (await alert.textContent()) ?? '',
    );
    expect(said).not.toBeNull();
    const seconds = Number(said?.[1] ?? 0) * 60 + Number(said?.[2] ?? 0);
    expect(seconds).toBeGreaterThan(wait - 5);
    expect(seconds).toBeLessThanOrEqual(wait);
    await expect
      .poll(async () => (await alert.textContent()) ?? '', { timeout: 5_000 })
      .not.toContain(said?.[0] ?? '');
  });

  test('the login page asks for no session it does not have: no failed request, no console error', async () => {
    const { page, context } = await openPage(runtime);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto('/login?next=%2Faudit');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    // A session revoked elsewhere costs one 401, which clears its cookies; the next visit asks nothing.
    const client = await runtime.server.login();
    await context.addCookies([
      { name: 'session', value: client.cookie.replace(/^session=/, ''), url: runtime.server.url },
      { name: 'csrftoken', value: client.csrfToken, url: runtime.server.url },
    ]);
    await client.inject({ method: 'POST', url: '/auth/logout' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(async () => (await context.cookies()).map((c) => c.name)).toEqual([]);
    const afterRevoked = errors.length;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForTimeout(300);
    expect(errors.slice(afterRevoked)).toEqual([]);
    expect(errors.slice(0, afterRevoked).every((line) => line.includes('401'))).toBe(true);
  });
});
