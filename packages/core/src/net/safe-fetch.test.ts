import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../testing/local-server.js';
import { FetchError, SafeFetcher } from './safe-fetch.js';
import { createSsrfGuard, SsrfError } from './ssrf.js';

// The site under test lives on 127.0.0.2 (allowlisted); the "victims" on 127.0.0.1 and ::1
// stand for internal services: they must never see a request.
let site: LocalServer;
let other: LocalServer;
let victim: LocalServer;
let victim6: LocalServer;
let fetcher: SafeFetcher;

beforeAll(async () => {
  victim = await startLocalServer((_, res) => void res.end('internal secrets'));
  victim6 = await startLocalServer((_, res) => void res.end('internal secrets'), '::1');
  other = await startLocalServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ headers: req.headers }));
  }, '127.0.0.2');
  site = await startLocalServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const to = url.searchParams.get('to');
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location });
      res.end();
    };
    if (url.pathname === '/redirect' && to)
      return redirect(Number(url.searchParams.get('s') ?? 302), to);
    if (url.pathname.startsWith('/hop/')) {
      const n = Number(url.pathname.slice(5));
      await sleep(Number(url.searchParams.get('delay') ?? 0));
      return redirect(302, `/hop/${n + 1}${url.search}`);
    }
    if (url.pathname === '/a') return redirect(302, '/b');
    if (url.pathname === '/b') return redirect(302, '/a');
    if (url.pathname === '/big') {
      res.setHeader('content-type', 'application/octet-stream');
      for (let i = 0; i < 100; i++) res.write(Buffer.alloc(1024, 97));
      return void res.end();
    }
    if (url.pathname === '/slow') {
      await sleep(2_000);
      return void res.end('late');
    }
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.setHeader('x-custom', 'yes');
    res.end(`${req.method} ${req.url} ${req.body}`);
  }, '127.0.0.2');
  const guard = createSsrfGuard({ allowlist: ['127.0.0.2'] });
  fetcher = new SafeFetcher({ guard, maxBytes: 1024 * 1024, timeoutMs: 5_000 });
});

afterAll(async () => {
  await fetcher.close();
  await Promise.all([site, other, victim, victim6].map((server) => server.close()));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('SafeFetcher', () => {
  it('fetches from an allowlisted address', async () => {
    const result = await fetcher.fetch(`${site.url}/hello?x=1`);
    expect(result).toMatchObject({
      url: `${site.url}/hello?x=1`,
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      truncated: false,
      redirects: [],
    });
    expect(result.headers['x-custom']).toBe('yes');
    expect(result.body.toString()).toBe('GET /hello?x=1 ');
    expect(site.requests.at(-1)?.headers['user-agent']).toMatch(/^agent-runtime\//);
  });

  it('follows redirects and reports each hop', async () => {
    const result = await fetcher.fetch(`${site.url}/redirect?to=/redirect%3Fto%3D/done`);
    expect(result.url).toBe(`${site.url}/done`);
    expect(result.redirects).toEqual([
      `${site.url}/redirect?to=/redirect%3Fto%3D/done`,
      `${site.url}/redirect?to=/done`,
    ]);
    expect(result.body.toString()).toBe('GET /done ');
  });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${victim.port}/`],
    ['localhost', () => `http://localhost:${victim.port}/`],
    ['[::1]', () => `http://[::1]:${victim6.port}/`],
    ['file:', () => 'file:///etc/passwd'],
  ])('refuses a redirect to %s and never reaches it', async (_, target) => {
    const error = await failure(
      fetcher.fetch(`${site.url}/redirect?to=${encodeURIComponent(target())}`),
    );
    expect(error).toBeInstanceOf(SsrfError);
    expect(victim.requests).toHaveLength(0);
    expect(victim6.requests).toHaveLength(0);
  });

  it('refuses at connect time when DNS changes its answer after the check (rebinding)', async () => {
    let answers = 0;
    const guard = createSsrfGuard({
      allowlist: ['127.0.0.2'],
      resolve: async () => (answers++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']),
    });
    const rebinding = new SafeFetcher({ guard, maxBytes: 1024, timeoutMs: 5_000 });
    try {
      const error = await failure(rebinding.fetch(`http://rebind.test:${victim.port}/`));
      expect(error).toBeInstanceOf(SsrfError);
      expect(error.message).toBe('rebind.test resolves to 127.0.0.1, a loopback address');
      expect(answers).toBe(2);
      expect(victim.requests).toHaveLength(0);
    } finally {
      await rebinding.close();
    }
  });

  it('stops reading at maxBytes and says so', async () => {
    const capped = await fetcher.fetch(`${site.url}/big`, { maxBytes: 1000 });
    expect(capped.body.length).toBe(1000);
    expect(capped.truncated).toBe(true);
    const whole = await fetcher.fetch(`${site.url}/big`, { maxBytes: 100 * 1024 });
    expect(whole.body.length).toBe(100 * 1024);
    expect(whole.truncated).toBe(false);
  });

  it('times out a slow answer', async () => {
    const error = await failure(fetcher.fetch(`${site.url}/slow`, { timeoutMs: 200 }));
    expect(error).toBeInstanceOf(FetchError);
    expect(error.message).toBe(`${site.url}/slow timed out after 0.2s`);
  });

  it('does not wait past the timeout for a DNS answer', async () => {
    const guard = createSsrfGuard({ allowlist: [], resolve: () => new Promise(() => {}) });
    const stuck = new SafeFetcher({ guard, maxBytes: 1024, timeoutMs: 200 });
    const error = await failure(stuck.fetch('http://slow-dns.test/'));
    expect(error.message).toBe('http://slow-dns.test/ timed out after 0.2s');
    await stuck.close();
  });

  it('counts the timeout over the whole redirect chain', async () => {
    // Each hop takes 150 ms: no single request is slow, the chain is.
    const started = Date.now();
    const error = await failure(
      fetcher.fetch(`${site.url}/hop/0?delay=150`, { timeoutMs: 400, maxRedirects: 20 }),
    );
    expect(error.message).toMatch(/timed out after 0\.4s$/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("honours the caller's abort signal", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client went away')), 100);
    const error = await failure(fetcher.fetch(`${site.url}/slow`, { signal: controller.signal }));
    expect(error.message).toBe('client went away');
  });

  it('gives up after maxRedirects hops and on a loop', async () => {
    const tooMany = await failure(fetcher.fetch(`${site.url}/hop/0`, { maxRedirects: 3 }));
    expect(tooMany).toMatchObject({ code: 'too_many_redirects', message: 'More than 3 redirects' });
    const loop = await failure(fetcher.fetch(`${site.url}/a`));
    expect(loop).toMatchObject({
      code: 'redirect_loop',
      message: `Redirect loop at ${site.url}/a`,
    });
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const post = { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'text/plain' } };
    const seeOther = await fetcher.fetch(`${site.url}/redirect?s=303&to=/after`, post);
    expect(seeOther.body.toString()).toBe('GET /after ');
    expect(site.requests.at(-1)?.headers['content-type']).toBeUndefined();
    const temporary = await fetcher.fetch(`${site.url}/redirect?s=307&to=/after`, post);
    expect(temporary.body.toString()).toBe('POST /after a=1');
  });

  it('drops credentials and custom headers on a cross-origin redirect', async () => {
    const result = await fetcher.fetch(`${site.url}/redirect?to=${encodeURIComponent(other.url)}`, {
      headers: { 'X-Subscription-Token': 'sekrit', Authorization: 'Bearer sekrit', Accept: 'a/b' },
    });
    const seen = JSON.parse(result.body.toString()).headers as Record<string, string>;
    expect(seen.accept).toBe('a/b');
    expect(seen['x-subscription-token']).toBeUndefined();
    expect(seen.authorization).toBeUndefined();
    expect(site.requests.at(-1)?.headers['x-subscription-token']).toBe('sekrit');
  });

  it('sends URL credentials as Basic auth and never returns them', async () => {
    const withUser = site.url.replace('http://', 'http://ann:p%40ss@');
    const result = await fetcher.fetch(`${withUser}/private`);
    expect(result.url).toBe(`${site.url}/private`);
    const sent = site.requests.at(-1)?.headers.authorization ?? '';
    expect(Buffer.from(sent.replace('Basic ', ''), 'base64').toString()).toBe('ann:p@ss');
  });

  it('reports a refused connection as a FetchError', async () => {
    const closed = await startLocalServer(() => {}, '127.0.0.2');
    await closed.close();
    const error = await failure(fetcher.fetch(`${closed.url}/`));
    expect(error).toBeInstanceOf(FetchError);
    expect(error.message).toContain('ECONNREFUSED');
  });
});
