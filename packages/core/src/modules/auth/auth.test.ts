import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresAvailable, redisAvailable } from '../../testing/services.js';
import {
  clientFor,
  createTestApp,
  randomIp,
  TEST_PASSWORD,
  TEST_USER,
  type TestApp,
} from '../../testing/test-app.js';

const setups = [{ name: 'embedded (PGlite, SQL key-value)', sql: 'pglite', kv: 'sql' } as const];
if ((await postgresAvailable()) && (await redisAvailable())) {
  setups.push({
    name: 'PostgreSQL and Redis',
    sql: 'postgres',
    kv: 'redis',
  } as unknown as (typeof setups)[number]);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(setups)('authentication ($name)', (setup) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sql: setup.sql, kv: setup.kv });
  });
  afterAll(() => t.close());

  const loginRequest = (
    fields: Record<string, string>,
    ip = randomIp(),
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: form(fields),
      headers: { ...formHeaders, ...headers },
      remoteAddress: ip,
    });

  it('signs in with form fields and sets the session and csrftoken cookies', async () => {
    const response = await loginRequest({ username: TEST_USER, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ ok: true, user: TEST_USER, csrf_token: expect.any(String) });
    const session = response.cookies.find((c) => c.name === 'session');
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(session?.maxAge).toBe(7 * 24 * 3600);
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).toBe(body.csrf_token);
  });

  it('accepts multipart form fields and JSON as well', async () => {
    const boundary = '----boundary123';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${TEST_USER}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${TEST_PASSWORD}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const viaMultipart = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: multipart,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: randomIp(),
    });
    expect(viaMultipart.statusCode).toBe(200);
    const viaJson = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: TEST_USER, password: TEST_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(viaJson.statusCode).toBe(200);
  });

  it('answers a browser form post with 303 to /overview or the next page (same site only)', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const plain = await loginRequest(
      { username: TEST_USER, password: TEST_PASSWORD },
      randomIp(),
      html,
    );
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe('/overview');
    const next = await loginRequest(
      { username: TEST_USER, password: TEST_PASSWORD, next: '/audit?x=1' },
      randomIp(),
      html,
    );
    expect(next.headers.location).toBe('/audit?x=1');
    const offsite = await loginRequest(
      { username: TEST_USER, password: TEST_PASSWORD, next: '//evil.example/' },
      randomIp(),
      html,
    );
    expect(offsite.headers.location).toBe('/overview');
    const wrong = await loginRequest({ username: TEST_USER, password: 'nope' }, randomIp(), html);
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/login?error=invalid_credentials');
  });

  it('sends a rate-limited browser form back to /login with how long to wait', async () => {
    const html = { accept: 'text/html' };
    const ip = randomIp();
    for (let i = 0; i < 5; i++)
      await loginRequest({ username: TEST_USER, password: `wrong-${i}` }, ip, html);
    const limited = await loginRequest({ username: TEST_USER, password: TEST_PASSWORD }, ip, html);
    expect(limited.statusCode).toBe(303);
    const location = new URL(String(limited.headers.location), 'http://runtime');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('rate_limited');
    expect(location.searchParams.get('retry_after')).toBe(limited.headers['retry-after']);
    expect(Number(location.searchParams.get('retry_after'))).toBeGreaterThan(0);
  });

  it('refuses wrong passwords and unknown users alike with 401 invalid_credentials', async () => {
    for (const fields of [
      { username: TEST_USER, password: 'wrong-password' },
      { username: 'nobody', password: TEST_PASSWORD },
    ]) {
      const response = await loginRequest(fields);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: 'invalid_credentials',
        message: expect.any(String),
      });
      expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
    }
  });

  it('rate-limits per client IP: the 6th attempt inside 5 minutes is 429 even with the right password', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await loginRequest({ username: TEST_USER, password: `wrong-${i}` }, ip)).statusCode,
      ).toBe(401);
    }
    const sixth = await loginRequest({ username: TEST_USER, password: TEST_PASSWORD }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: 'rate_limited' });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(sixth.cookies.find((c) => c.name === 'session')).toBeUndefined();
    // Another address is not affected.
    expect((await loginRequest({ username: TEST_USER, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('counts successful attempts too', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await loginRequest({ username: TEST_USER, password: TEST_PASSWORD }, ip)).statusCode,
      ).toBe(200);
    }
    expect(
      (await loginRequest({ username: TEST_USER, password: TEST_PASSWORD }, ip)).statusCode,
    ).toBe(429);
  });

  it('requires a session on API paths: 401 unauthorized', async () => {
    for (const url of [
      '/api/audit',
      '/auth/session',
      '/api/health/details',
      '/api/openapi.json',
      '/api/no-such-thing',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('clears the cookies of a session it no longer knows when asked for it', async () => {
    const client = await t.login();
    await client.inject({ method: 'POST', url: '/auth/logout' });
    const stale = await client.inject({ method: 'GET', url: '/auth/session' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ error: 'unauthorized' });
    const cleared = stale.cookies.filter((cookie) => cookie.value === '');
    expect(cleared.map((cookie) => cookie.name).sort()).toEqual(['csrftoken', 'session']);
  });

  it('reports the session and its CSRF token', async () => {
    const client = await t.login();
    const response = await client.inject({ method: 'GET', url: '/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: TEST_USER,
      csrf_token: client.csrfToken,
      expires_at: expect.any(String),
    });
    const lifetime = Date.parse(response.json().expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000);
  });

  it('requires the CSRF token on unsafe methods: header or _csrf field', async () => {
    const client = await t.login();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: client.cookie },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ error: 'csrf_invalid' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: client.cookie, 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    const viaField = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: client.cookie, ...formHeaders },
      payload: form({ _csrf: client.csrfToken }),
    });
    expect(viaField.statusCode).toBe(200);
  });

  it("refuses session A's CSRF token sent with session B's cookie (403)", async () => {
    const a = await t.login();
    const b = await t.login();
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: b.cookie, 'x-csrf-token': a.csrfToken },
    });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toMatchObject({ error: 'csrf_invalid' });
    // B's session is untouched.
    expect((await b.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(200);
  });

  it('logout revokes the session server-side and clears both cookies; the old cookie gets 401', async () => {
    const client = await t.login();
    const response = await client.inject({ method: 'POST', url: '/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cleared.session?.value).toBe('');
    expect(cleared.csrftoken?.value).toBe('');
    for (const url of ['/auth/session', '/api/audit']) {
      const reused = await client.inject({ method: 'GET', url });
      expect(reused.statusCode).toBe(401);
    }
    expect((await client.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });

  it('reads a verified session from the store once, yet a logout or password change on one replica is a 401 on the other at its next request', async () => {
    const other = await t.replica();
    // The other replica's own connection: its reads are what its cache saves.
    const reads = vi.spyOn(other.kv, 'get');
    const sessionReads = () =>
      reads.mock.calls.filter(([key]) => key.startsWith('session:')).length;
    try {
      const client = await t.login();
      const there = clientFor(other.app, client.cookie, client.csrfToken);
      const session = { method: 'GET', url: '/auth/session' } as const;
      expect((await there.inject(session)).statusCode).toBe(200);
      const before = sessionReads();
      for (let i = 0; i < 5; i++) expect((await there.inject(session)).statusCode).toBe(200);
      expect(sessionReads()).toBe(before);
      expect((await client.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
      expect((await there.inject(session)).statusCode).toBe(401);

      const current = await t.login();
      const second = await t.login();
      const secondThere = clientFor(other.app, second.cookie, second.csrfToken);
      expect((await secondThere.inject(session)).statusCode).toBe(200);
      const changed = await current.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password: TEST_PASSWORD, new_password: 'a-new-password-123' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await secondThere.inject(session)).statusCode).toBe(401);
      const back = await current.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password: 'a-new-password-123', new_password: TEST_PASSWORD },
      });
      expect(back.statusCode).toBe(200);
    } finally {
      reads.mockRestore();
      await other.close();
    }
  });

  it('answers GET /auth/logout with 405 and Allow: POST', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/logout' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('POST');
    expect(response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('refuses a tampered cookie (401)', async () => {
    const client = await t.login();
    const [id, signature] = client.cookie.slice('session='.length).split('.');
    const flipped = `${id?.slice(0, -1)}${id?.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [
      `session=${flipped}.${signature}`,
      `session=${id}`,
      `session=${id}.${signature?.slice(1)}x`,
    ]) {
      const response = await clientFor(t.app, cookie, client.csrfToken).inject({
        method: 'GET',
        url: '/auth/session',
      });
      expect(response.statusCode, cookie).toBe(401);
    }
  });

  it('redirects a page request without a session to /login?next=', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/audit?action=auth.*',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `/login?next=${encodeURIComponent('/audit?action=auth.*')}`,
    );
    const login = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toContain('text/html');
    const client = await t.login();
    const page = await client.inject({
      method: 'GET',
      url: '/audit',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('stores passwords as Argon2id hashes', async () => {
    const row = await t.sql.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', TEST_USER)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('audits logins, failures and logouts', async () => {
    const ip = randomIp();
    await loginRequest({ username: TEST_USER, password: 'bad-password' }, ip);
    const client = await t.login();
    await client.inject({ method: 'POST', url: '/auth/logout' });
    await t.app.audit.flush();
    const reader = await t.login();
    const page = (
      await reader.inject({ method: 'GET', url: '/api/audit?action=auth.*&limit=500' })
    ).json();
    const actions = page.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.login', 'auth.login_failed', 'auth.logout']),
    );
    const failed = page.entries.find(
      (e: { action: string; detail: { ip?: string } }) =>
        e.action === 'auth.login_failed' && e.detail.ip === ip,
    );
    expect(failed).toMatchObject({ actor: 'anonymous', target: TEST_USER });
    expect(JSON.stringify(page)).not.toContain('bad-password');
  });
});

describe('sessions and passwords across restarts', () => {
  it('keeps the login limit after a restart, on every key-value backend', async () => {
    const kvs = (await redisAvailable()) ? (['sql', 'redis'] as const) : (['sql'] as const);
    for (const kv of kvs) {
      let t = await createTestApp({ kv });
      try {
        const ip = randomIp();
        for (let i = 0; i < 5; i++) {
          await t.app.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { username: TEST_USER, password: 'x' },
            remoteAddress: ip,
          });
        }
        t = await t.restart();
        const after = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: TEST_USER, password: TEST_PASSWORD },
          remoteAddress: ip,
        });
        expect(after.statusCode, kv).toBe(429);
      } finally {
        await t.close();
      }
    }
    // Four app starts (two per backend) take longer than one test's default budget.
  }, 120_000);

  it('ends an expired session (401)', async () => {
    const t = await createTestApp({ env: { SESSION_TTL: '1s' } });
    try {
      const client = await t.login();
      expect((await client.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const expired = await client.inject({ method: 'GET', url: '/auth/session' });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: 'unauthorized' });
    } finally {
      await t.close();
    }
  });

  it('prints generated credentials once on first boot, and they work', async () => {
    let t = await createTestApp({
      env: { DASHBOARD_USER: undefined, DASHBOARD_PASSWORD: undefined },
    });
    try {
      expect(t.announced).toHaveLength(1);
      const match = /^dashboard\.credentials username=admin password=(\S{20,})$/.exec(
        t.announced[0] ?? '',
      );
      expect(match).not.toBeNull();
      const password = match?.[1] ?? '';
      await expect(t.login('admin', password)).resolves.toBeDefined();
      t = await t.restart();
      expect(t.announced).toHaveLength(0);
      await expect(t.login('admin', password)).resolves.toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('makes the admin follow DASHBOARD_USER and DASHBOARD_PASSWORD at every boot', async () => {
    let t = await createTestApp({
      env: { DASHBOARD_USER: 'ops', DASHBOARD_PASSWORD: 'first-password-1' },
    });
    try {
      expect(t.announced).toHaveLength(0);
      await expect(t.login('ops', 'first-password-1')).resolves.toBeDefined();
      t = await t.restart({ DASHBOARD_USER: 'ops', DASHBOARD_PASSWORD: 'second-password-2' });
      await expect(t.login('ops', 'first-password-1')).rejects.toThrow(/401/);
      await expect(t.login('ops', 'second-password-2')).resolves.toBeDefined();
      // The previous admin account is gone.
      await expect(t.login(TEST_USER, TEST_PASSWORD)).rejects.toThrow(/401/);
    } finally {
      await t.close();
    }
  });

  it("keeps agent-messaging's own account beside the admin, following MESSAGING_PASSWORD", async () => {
    const bridge = 'bridge-password-0123456789';
    let t = await createTestApp({
      env: { DASHBOARD_USER: undefined, DASHBOARD_PASSWORD: undefined, MESSAGING_PASSWORD: bridge },
    });
    try {
      // The account of the bridge does not take the first boot's admin away.
      expect(t.announced).toHaveLength(1);
      const bridgeClient = await t.login('messaging', bridge);
      const session = await bridgeClient.inject({ method: 'GET', url: '/auth/session' });
      expect(session.json().user).toBe('messaging');
      // With the admin from the environment, the two accounts stay and no other.
      t = await t.restart({
        DASHBOARD_USER: 'ops',
        DASHBOARD_PASSWORD: 'ops-password-1',
        MESSAGING_PASSWORD: bridge,
      });
      await expect(t.login('ops', 'ops-password-1')).resolves.toBeDefined();
      await expect(t.login('messaging', bridge)).resolves.toBeDefined();
      await expect(t.login('admin', 'anything-at-all')).rejects.toThrow(/401/);
      // Unset, the account is gone.
      t = await t.restart({
        DASHBOARD_USER: 'ops',
        DASHBOARD_PASSWORD: 'ops-password-1',
        MESSAGING_PASSWORD: undefined,
      });
      await expect(t.login('messaging', bridge)).rejects.toThrow(/401/);
    } finally {
      await t.close();
    }
  });

  it('changes the password, revoking every other session', async () => {
    const t = await createTestApp();
    try {
      const current = await t.login();
      const other = await t.login();
      const wrong = await current.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password: 'not-it', new_password: 'a-new-password-123' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: 'invalid_credentials' });
      const short = await current.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password: TEST_PASSWORD, new_password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        error: 'validation_error',
        details: [{ path: '/new_password' }],
      });
      const changed = await current.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { current_password: TEST_PASSWORD, new_password: 'a-new-password-123' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ ok: true, revoked_sessions: 1 });
      expect((await other.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(401);
      expect((await current.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(200);
      await expect(t.login(TEST_USER, TEST_PASSWORD)).rejects.toThrow(/401/);
      await expect(t.login(TEST_USER, 'a-new-password-123')).resolves.toBeDefined();
      await t.app.audit.flush();
      const audit = (
        await current.inject({ method: 'GET', url: '/api/audit?action=auth.password*' })
      ).json();
      expect(audit.entries.map((e: { action: string }) => e.action).sort()).toEqual([
        'auth.password_change_failed',
        'auth.password_change_failed',
        'auth.password_changed',
      ]);
    } finally {
      await t.close();
    }
  });

  it('marks cookies Secure when HTTPS reaches it through a trusted proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: TEST_USER, password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': randomIp() },
      });
      expect(response.cookies.find((c) => c.name === 'session')?.secure).toBe(true);
      expect(response.cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
