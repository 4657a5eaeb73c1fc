import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ConflictError } from '../errors/app-error.js';
import { loggerOptions } from '../logger.js';
import {
  type Client,
  createTestApp,
  randomIp,
  TEST_PASSWORD,
  TEST_USER,
  type TestApp,
} from '../testing/test-app.js';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

describe('HTTP behaviour', () => {
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({
      logger: pino(loggerOptions('info'), sink),
      extend(app) {
        app.post('/api/test/conflict', async () => {
          throw new ConflictError();
        });
        app.get('/api/test/crash', async () => {
          throw new Error('database password is hunter2 at /srv/app/secret.ts:12');
        });
        app.get('/api/test/teapot', async () => {
          throw new AppError(
            500,
            'internal_error',
            'connection string postgres://u:p@h/db',
            {},
            false,
          );
        });
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ n: z.number().int() }) } },
          async (request) => request.body,
        );
      },
    });
    client = await t.login();
  });
  afterAll(() => t.close());

  const expectBody = (response: { json(): unknown }, error: string) =>
    expect(response.json()).toMatchObject({ error, message: expect.any(String) });

  it('400: validation errors name the offending field', async () => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { n: 'seven' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_error', details: [{ path: '/n' }] });
  });

  it('400: a malformed JSON body is a validation error too', async () => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"n":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expectBody(response, 'validation_error');
  });

  it('401 without a session; 403 without the CSRF token', async () => {
    expectBody(await t.app.inject({ method: 'GET', url: '/api/audit' }), 'unauthorized');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { n: 1 },
      headers: { cookie: client.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    expectBody(forbidden, 'csrf_invalid');
  });

  it('404 for unknown paths, 405 with Allow for known paths', async () => {
    const missing = await client.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectBody(missing, 'not_found');
    const wrongMethod = await client.inject({ method: 'DELETE', url: '/api/audit' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('GET');
    expectBody(wrongMethod, 'method_not_allowed');
  });

  it('409 invalid_transition', async () => {
    const response = await client.inject({ method: 'POST', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expectBody(response, 'invalid_transition');
  });

  it('413 and 415 for bodies that cannot be taken', async () => {
    const big = await client.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: JSON.stringify({ n: 1, pad: 'x'.repeat(1024 * 1024 + 1) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expectBody(big, 'payload_too_large');
    const odd = await client.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: 'n=1',
      headers: { 'content-type': 'text/csv' },
    });
    expect(odd.statusCode).toBe(415);
    expectBody(odd, 'unsupported_media_type');
  });

  it('429 with Retry-After', async () => {
    const ip = randomIp();
    let response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'x', password: 'y' },
      remoteAddress: ip,
    });
    for (let i = 0; i < 5; i++) {
      response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: 'x', password: 'y' },
        remoteAddress: ip,
      });
    }
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expectBody(response, 'rate_limited');
  });

  it('500 never carries a stack trace or internal details', async () => {
    for (const url of ['/api/test/crash', '/api/test/teapot']) {
      const response = await client.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: 'internal_error',
        message: 'Internal server error',
      });
      expect(response.body).not.toMatch(/hunter2|secret\.ts|postgres:|at .*:\d+/);
    }
  });

  it('sends security headers with a CSP and a request id', async () => {
    const response = await client.inject({ method: 'GET', url: '/auth/session' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await client.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { 'x-request-id': 'proxy-trace-0001' },
    });
    expect(traced.headers['x-request-id']).toBe('proxy-trace-0001');
    const hostile = await client.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(hostile.headers['x-request-id']).not.toContain('bad id');
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/auth/login', 'post'],
      ['/auth/logout', 'post'],
      ['/auth/session', 'get'],
      ['/api/auth/password', 'post'],
      ['/api/audit', 'get'],
      ['/health', 'get'],
      ['/api/health/details', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/audit'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['since', 'limit', 'cursor', 'action']),
    );
  });

  it('keeps passwords, cookies and tokens out of the logs, and logs request ids', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: TEST_USER, password: TEST_PASSWORD },
      remoteAddress: randomIp(),
    });
    await client.inject({ method: 'GET', url: '/api/audit?token=sekret-query-token&limit=1' });
    await client.inject({ method: 'GET', url: '/api/test/crash' });
    const logs = logLines.join('');
    expect(logs).toContain('"reqId"');
    for (const secret of [
      TEST_PASSWORD,
      client.cookie.split('=')[1] ?? 'none',
      client.csrfToken,
      'sekret-query-token',
      'hunter2',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
