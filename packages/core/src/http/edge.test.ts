import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeNextPath } from '../modules/auth/auth.schema.js';
import {
  createTestApp,
  randomIp,
  TEST_PASSWORD,
  TEST_USER,
  type TestApp,
} from '../testing/test-app.js';

const credentials = { username: TEST_USER, password: TEST_PASSWORD };
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe('safeNextPath', () => {
  it('keeps same-origin paths', () => {
    for (const path of ['/audit?x=1', '/traces/abc#step-2', '/goals?q=%20a%2Fb', '/a/../b'])
      expect(safeNextPath(path)).toBe(path);
  });

  it('falls back to /overview for anything that could leave the origin or split a header', () => {
    for (const path of [
      undefined,
      '',
      'overview',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%252F%252Fevil.example',
      '/a\nb',
      '/a\r\nSet-Cookie: x=1',
      '/%0d%0aSet-Cookie:%20x=1',
      '/%0aSet-Cookie',
      '/\tevil',
      '/x\u0000y',
      '/%00',
      '/%7F',
      '/é',
      '/%E0%A4%A',
      '/login?next=/x',
    ])
      expect(safeNextPath(path), JSON.stringify(path)).toBe('/overview');
  });
});

describe('the HTTP edge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get('/api/test/bad-header', async (_request, reply) => {
          reply.header('x-note', 'line\r\nbreak');
          return { ok: true };
        });
      },
    });
  }, 180_000);
  afterAll(() => t.close());

  const login = (payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload,
      headers,
      remoteAddress: randomIp(),
    });

  it('a browser sign-in with a hostile next goes to /overview, never a 5xx', async () => {
    for (const next of ['/a\r\nSet-Cookie: x=1', '/x\u0000y', '/%0d%0aX:%20y', '/\\evil.example']) {
      const response = await login(new URLSearchParams({ ...credentials, next }).toString(), {
        ...formHeaders,
        accept: 'text/html',
      });
      expect(response.statusCode, JSON.stringify(next)).toBe(303);
      expect(response.headers.location).toBe('/overview');
      expect(response.headers['set-cookie']).not.toContain('x=1');
    }
  });

  it('a failed browser sign-in keeps a hostile next inside the query, encoded', async () => {
    const response = await login(
      new URLSearchParams({
        username: TEST_USER,
        password: 'wrong',
        next: '/a\r\nX: y',
      }).toString(),
      { ...formHeaders, accept: 'text/html' },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      '/login?error=invalid_credentials&next=%2Fa%0D%0AX%3A+y',
    );
  });

  it('an unreadable multipart body is 400 validation_error', async () => {
    const boundary = 'b0undary';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'username=admin'],
      ['multipart/form-data; boundary=', '--\r\n'],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nadm`,
      ],
    ] as const) {
      const response = await login(payload, { 'content-type': contentType });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'validation_error',
        message: expect.any(String),
        details: expect.any(Array),
      });
    }
  });

  it('other unreadable bodies are 400 too: bad charset, malformed form, broken JSON', async () => {
    for (const [contentType, payload] of [
      ['application/x-www-form-urlencoded; charset=klingon', 'username=%ZZ&password'],
      ['application/json; charset=klingon', '{"username":'],
      ['application/json', '\u0000'],
    ] as const) {
      const response = await login(payload, { 'content-type': contentType });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_error' });
    }
  });

  it('refuses a NUL character anywhere in the body or query, naming where it is', async () => {
    const client = await t.login();
    const nested = await client.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { title: 'x', 'we/ird~key': { list: ['ok', 'b\u0000'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().details).toEqual([
      { path: '/we~1ird~0key/list/1', message: 'must not contain a NUL character', in: 'body' },
    ]);
    const query = await client.inject({ method: 'GET', url: '/api/notes?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().details).toEqual([
      { path: '/q', message: 'must not contain a NUL character', in: 'querystring' },
    ]);
  });

  it('a missing dashboard asset is 404 for every method, with or without a session', async () => {
    const client = await t.login();
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const) {
      const anonymous = await t.app.inject({ method, url: '/assets/nope.js' });
      expect(anonymous.statusCode, method).toBe(404);
      if (method !== 'HEAD') expect(anonymous.json()).toMatchObject({ error: 'not_found' });
      const signedIn = await client.inject({ method, url: '/assets/deep/nope.css' });
      expect(signedIn.statusCode, method).toBe(404);
    }
    const present = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(present.statusCode).toBe(200);
    expect(present.body).toContain('dashboard');
  });

  it('refuses a sign-in posted from another site (login CSRF) with 403 csrf_invalid', async () => {
    const body = new URLSearchParams(credentials).toString();
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:80.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/login' },
    ]) {
      const response = await login(body, { ...formHeaders, ...headers, host: 'localhost:80' });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ error: 'csrf_invalid', message: expect.any(String) });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts a sign-in from its own pages and from scripts that send no origin', async () => {
    const body = new URLSearchParams(credentials).toString();
    for (const headers of <Record<string, string>[]>[
      {},
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      // Chromium's own form under the pages' no-referrer policy: the origin is hidden.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { referer: 'http://localhost:80/login?next=%2Faudit' },
      { 'sec-fetch-site': 'none' },
    ]) {
      const response = await login(body, { ...formHeaders, ...headers, host: 'localhost:80' });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('a header that cannot be written is answered by the one error handler', async () => {
    const client = await t.login();
    const response = await client.inject({ method: 'GET', url: '/api/test/bad-header' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: 'Internal server error' });
    expect(response.headers['x-note']).toBeUndefined();
  });
});
