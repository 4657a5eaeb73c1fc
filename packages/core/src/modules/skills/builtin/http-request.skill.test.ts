import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetcher } from '../../../net/safe-fetch.js';
import { createSsrfGuard } from '../../../net/ssrf.js';
import { type LocalServer, startLocalServer } from '../../../testing/local-server.js';
import { testSkillContext } from '../../../testing/skill-context.js';
import { type Client, createTestApp, type TestApp } from '../../../testing/test-app.js';
import { RunTrace } from '../../runtime/run-trace.js';
import { SkillError } from '../skill.js';
import {
  createHttpRequestSkill,
  HTTP_REQUEST_METHODS,
  type HttpRequestInput,
  httpRequestLevel,
} from './http-request.skill.js';

let api: LocalServer;
let fetcher: SafeFetcher;
const context = testSkillContext();
const skill = () =>
  createHttpRequestSkill({ fetcher, guard: createSsrfGuard({ allowlist: ['127.0.0.2'] }) });
const call = (input: Partial<HttpRequestInput> & { url: string }) =>
  skill().execute(skill().inputSchema.parse(input), context);

beforeAll(async () => {
  api = await startLocalServer((req, res) => {
    if (req.url === '/v1/users/7') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': '21',
        etag: '"abc"',
        'set-cookie': 'session=should-not-show',
        'x-ratelimit-remaining': '59',
      });
      return void res.end('{"id":7,"name":"Ann"}');
    }
    if (req.url === '/big') return void res.end('y'.repeat(25_000));
    if (req.url === '/favicon.ico') {
      res.setHeader('content-type', 'image/x-icon');
      return void res.end(Buffer.from([0, 0, 1, 0, 1, 0]));
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not found"}');
  }, '127.0.0.2');
  fetcher = new SafeFetcher({
    guard: createSsrfGuard({ allowlist: ['127.0.0.2'] }),
    maxBytes: 1024 * 1024,
    timeoutMs: 5_000,
  });
});

afterAll(async () => {
  await fetcher.close();
  await api.close();
});

describe('http_request', () => {
  it('returns the status line, telling headers and the body, and sends the headers given', async () => {
    const output = await call({
      url: `${api.url}/v1/users/7`,
      headers: { Accept: 'application/json', 'X-Api-Version': '2' },
    });
    expect(output.text).toBe(
      `GET ${api.url}/v1/users/7\nHTTP 200 OK\ncontent-type: application/json\n` +
        `content-length: 21\netag: "abc"\nx-ratelimit-remaining: 59\n\n{"id":7,"name":"Ann"}`,
    );
    expect(output.text).not.toContain('should-not-show');
    expect(output.untrusted).toBe(true);
    expect(output.data).toMatchObject({ method: 'GET', status: 200, bytes: 21, truncated: false });
    const sent = api.requests.at(-1);
    expect(sent?.method).toBe('GET');
    expect(sent?.headers.accept).toBe('application/json');
    expect(sent?.headers['x-api-version']).toBe('2');
  });

  it('reports error statuses as answers, not failures', async () => {
    const output = await call({ url: `${api.url}/missing` });
    expect(output.text).toContain('HTTP 404 Not Found');
    expect(output.text).toContain('{"error":"not found"}');
  });

  it('cuts the body at 20000 characters and summarises binary bodies', async () => {
    const big = await call({ url: `${api.url}/big` });
    expect(big.text).toContain('[… 5,000 more characters cut]');
    expect(big.data?.truncated).toBe(true);
    const icon = await call({ url: `${api.url}/favicon.ico` });
    expect(icon.text).toContain('(binary body: 6 bytes of image/x-icon)');
  });

  it('defaults to GET, offers only the methods of HTTP_REQUEST_METHODS, and levels by method', () => {
    const parse = (input: unknown) => skill().inputSchema.safeParse(input).success;
    expect(skill().inputSchema.parse({ url: 'https://example.com/' }).method).toBe('GET');
    expect(HTTP_REQUEST_METHODS).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(parse({ url: 'https://x.test/', method: 'DELETE' })).toBe(true);
    expect(parse({ url: 'https://x.test/', method: 'OPTIONS' })).toBe(false);
    expect(parse({ url: 'https://x.test/', method: 'POST', body: { a: [1] } })).toBe(true);
    expect(parse({ url: 'https://x.test/', body: 'x' })).toBe(false);
    expect(skill().levelFor?.({ url: 'x', method: 'GET' })).toBe('MONITORED');
    for (const method of HTTP_REQUEST_METHODS.filter((m) => m !== 'GET')) {
      expect(httpRequestLevel({ method })).toBe('RESTRICTED');
    }
  });

  it('refuses headers that belong to the HTTP layer', async () => {
    const error = await call({ url: `${api.url}/`, headers: { Host: 'internal', TE: 'x' } }).catch(
      (e: unknown) => e as SkillError,
    );
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).message).toBe('These headers cannot be set: Host, TE');
  });

  it('turns an SSRF refusal into a SkillError', async () => {
    const error = await call({ url: 'http://169.254.169.254/latest/meta-data/' }).catch(
      (e: unknown) => e as SkillError,
    );
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).code).toBe('url_blocked');
    expect((error as SkillError).message).toContain('a cloud metadata address');
  });
});

describe('http_request: the write methods', () => {
  const guard = createSsrfGuard({ allowlist: ['127.0.0.2'] });
  const writer = () => createHttpRequestSkill({ fetcher, guard });
  const send = (input: Record<string, unknown>) =>
    writer().execute(writer().inputSchema.parse(input), context);
  const dryRun = (input: Record<string, unknown>) =>
    writer().simulate?.(writer().inputSchema.parse(input), context);

  it('sends a JSON body as application/json and a text body as text/plain', async () => {
    const posted = await send({
      url: `${api.url}/v1/items`,
      method: 'POST',
      body: { name: 'lamp', tags: ['a', 'b'] },
    });
    expect(posted.text.split('\n')[0]).toBe(`POST ${api.url}/v1/items`);
    expect(posted.data).toMatchObject({ method: 'POST', sent_bytes: 32 });
    expect(posted.audit).toEqual({ target: `POST ${api.url}/v1/items` });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"name":"lamp","tags":["a","b"]}',
      headers: { 'content-type': 'application/json' },
    });

    await send({ url: `${api.url}/v1/items/7`, method: 'PUT', body: 'plain words' });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: 'plain words',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  });

  it('keeps a content type it was given, and sends PATCH and DELETE', async () => {
    await send({
      url: `${api.url}/v1/items/7`,
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json', 'X-Request': 'r1' },
      body: '{"name":"desk"}',
    });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      body: '{"name":"desk"}',
      headers: { 'content-type': 'application/merge-patch+json', 'x-request': 'r1' },
    });
    const deleted = await send({ url: `${api.url}/v1/items/7`, method: 'DELETE' });
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', body: '' });
    expect(deleted.text).toContain('HTTP 404 Not Found');
  });

  it('refuses a body over 1 MiB, HTTP-layer headers, and URLs the SSRF guard blocks', async () => {
    const before = api.requests.length;
    const refusal = (input: Record<string, unknown>) =>
      send(input).catch((e: unknown) => e as SkillError);
    const big = await refusal({ url: `${api.url}/x`, method: 'POST', body: 'z'.repeat(1_048_577) });
    expect(big).toMatchObject({ code: 'body_too_large' });
    const headers = await refusal({
      url: `${api.url}/x`,
      method: 'POST',
      headers: { 'Transfer-Encoding': 'chunked' },
      body: 'x',
    });
    expect(headers).toMatchObject({ code: 'bad_headers' });
    const metadata = await refusal({ url: 'http://169.254.169.254/', method: 'DELETE' });
    expect(metadata).toMatchObject({ code: 'url_blocked' });
    expect(api.requests.length).toBe(before);
  });

  it('shows the request it would send, secrets hidden, with the SSRF verdict', async () => {
    const preview = await dryRun({
      url: `http://deploy:pa55word-x@127.0.0.2:${api.port}/v1/items`,
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def.ghi', 'X-Api-Key': 'k-123456', Accept: 'text/csv' },
      body: { name: 'lamp', password: 'hunter2-Secret' },
    });
    expect(preview).toMatchObject({
      summary: `Would send POST ${api.url}/v1/items with a 43-byte body`,
      details: {
        method: 'POST',
        url: `${api.url}/v1/items`,
        headers: {
          Authorization: '[REDACTED]',
          'X-Api-Key': '[REDACTED]',
          Accept: 'text/csv',
          'Content-Type': 'application/json',
        },
        body_preview: '{"name":"lamp","password":"[REDACTED]"}',
        body_bytes: 43,
        ssrf: { allowed: true, detail: 'resolves to 127.0.0.2' },
      },
      warnings: ['The URL carries a user name and password (sent as Basic auth).'],
    });
    expect(JSON.stringify(preview)).not.toMatch(/pa55word|hunter2|abc\.def|k-123456/);

    const blocked = await dryRun({ url: 'http://10.1.2.3/admin', method: 'DELETE' });
    expect(blocked?.details.ssrf).toEqual({
      allowed: false,
      detail: 'http://10.1.2.3/admin resolves to 10.1.2.3, a private address',
    });
    expect(blocked?.warnings).toEqual([
      'The URL would be refused: http://10.1.2.3/admin resolves to 10.1.2.3, a private address',
      'DELETE removes data on the other side.',
    ]);
    expect(api.requests.every((r) => r.url !== '/admin')).toBe(true);
  });
});

describe('http_request writes through the policy gate', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ env: { SSRF_ALLOWLIST: '127.0.0.2' } });
    client = await t.login();
  });
  afterAll(() => t.close());

  it('asks the operator in SEMI mode with the dry run, then sends the body and audits the write', async () => {
    const before = api.requests.length;
    const running = t.app.skillRunner.run(
      'http_request',
      { url: `${api.url}/v1/items`, method: 'POST', body: { name: 'lamp' } },
      {
        requestId: 'req-http-write',
        chatId: null,
        goalId: 'goal-http',
        actor: 'admin',
        depth: 0,
        signal: new AbortController().signal,
        log: t.app.log,
        trace: new RunTrace(),
        onProgress: () => {},
      },
    );
    await expect
      .poll(async () => (await t.app.confirmations.list('pending', 5)).length, { timeout: 5_000 })
      .toBe(1);
    const [pending] = await t.app.confirmations.list('pending', 5);
    expect(pending).toMatchObject({
      skill: 'http_request',
      level: 'RESTRICTED',
      simulation: {
        summary: `Would send POST ${api.url}/v1/items with a 15-byte body`,
        details: {
          body_preview: '{"name":"lamp"}',
          ssrf: { allowed: true, detail: 'resolves to 127.0.0.2' },
        },
      },
    });
    // Nothing is sent while the operator decides.
    expect(api.requests.length).toBe(before);
    const approved = await client.inject({
      method: 'POST',
      url: `/api/confirmations/${pending?.confirmation_id}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect(await running).toMatchObject({ status: 'done' });
    expect(api.requests.at(-1)).toMatchObject({ method: 'POST', body: '{"name":"lamp"}' });
    await t.app.audit.flush();
    const [row] = (await t.app.audit.list({ limit: 1, action: 'skill.http_request' })).entries;
    expect(row).toMatchObject({
      target: `POST ${api.url}/v1/items`,
      goal_id: 'goal-http',
      detail: { level: 'RESTRICTED', status: 'done' },
    });
  });
});
