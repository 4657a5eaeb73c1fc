import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSsrfGuard, SsrfError } from '../../net/ssrf.js';
import { chromiumAvailable } from '../../testing/chromium.js';
import { type LocalServer, startLocalServer } from '../../testing/local-server.js';
import { WorkGauge } from '../health/work-gauge.js';
import { BrowserPool, type BrowserPoolOptions } from './browser-pool.js';

const hasChromium = await chromiumAvailable();
const guard = createSsrfGuard({ allowlist: ['127.0.0.2'] });
const poolOptions = (extra: Partial<BrowserPoolOptions> = {}): BrowserPoolOptions => ({
  guard,
  chromiumPath: process.env.CHROMIUM_PATH,
  maxSessions: 2,
  timeoutMs: 10_000,
  sessions: new WorkGauge(),
  ...extra,
});

describe('BrowserPool without Chromium', () => {
  it('is unavailable when the configured path is missing and nothing else is found', async () => {
    const pool = new BrowserPool(
      poolOptions({ chromiumPath: '/nonexistent/chromium', findChromium: async () => null }),
    );
    expect(await pool.availability()).toEqual({
      available: false,
      reason:
        'Chromium is not installed: install it (apt-get install chromium) or set CHROMIUM_PATH',
    });
    expect(await pool.health()).toEqual({ status: 'unavailable', active_sessions: 0 });
    const error = await pool
      .withSession(new AbortController().signal, async () => 'never')
      .catch((e: unknown) => e as Error);
    expect((error as Error).message).toMatch(/^Chromium is not installed/);
    expect(pool.activeSessions).toBe(0);
  });

  it('passes the configured path to the finder first', async () => {
    const asked: Array<string | undefined> = [];
    const pool = new BrowserPool(
      poolOptions({
        chromiumPath: '/opt/chromium/chrome',
        findChromium: async (preferred) => {
          asked.push(preferred);
          return preferred ?? null;
        },
      }),
    );
    expect(await pool.availability()).toEqual({ available: true });
    expect(asked).toEqual(['/opt/chromium/chrome']);
  });
});

describe.skipIf(!hasChromium)('BrowserPool', () => {
  let site: LocalServer;
  let victim: LocalServer;
  let pool: BrowserPool;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    victim = await startLocalServer((_, res) => void res.end('internal'));
    site = await startLocalServer((req, res) => {
      if (req.url === '/to-internal') {
        res.writeHead(302, { location: `http://127.0.0.1:${victim.port}/admin` });
        return void res.end();
      }
      res.setHeader('content-type', 'text/html');
      res.end('<title>Local</title><p>Hello from 127.0.0.2</p>');
    }, '127.0.0.2');
    pool = new BrowserPool(poolOptions());
  });

  afterAll(async () => {
    await pool.close();
    await Promise.all([site.close(), victim.close()]);
  });

  it('launches on first use and reports health', async () => {
    expect(pool.launched).toBe(false);
    const title = await pool.withSession(signal, async (session) => {
      await session.goto(`${site.url}/`);
      return session.page.title();
    });
    expect(title).toBe('Local');
    expect(pool.launched).toBe(true);
    expect(await pool.health()).toEqual({ status: 'ok', active_sessions: 0 });
  });

  it('checks the navigation URL before any request', async () => {
    const error = await pool
      .withSession(signal, (session) => session.goto(`http://127.0.0.1:${victim.port}/`))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsrfError);
    expect(victim.connections).toBe(0);
  });

  it('refuses a redirect hop to a private address at the proxy (Chromium does not route it)', async () => {
    const error = await pool
      .withSession(signal, (session) => session.goto(`${site.url}/to-internal`))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsrfError);
    expect((error as SsrfError).message).toBe(
      `http://127.0.0.1:${victim.port}/admin resolves to 127.0.0.1, a loopback address`,
    );
    expect(victim.connections).toBe(0);
  });

  it('holds at most maxSessions pages; the others wait their turn', async () => {
    let open = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const work = Array.from({ length: 4 }, () =>
      pool.withSession(signal, async (session) => {
        open++;
        most = Math.max(most, open);
        await session.page.setContent('<p>x</p>');
        await gate;
        open--;
      }),
    );
    await vi.waitFor(() => expect(open).toBe(2), { timeout: 10_000 });
    await sleep(300); // room for a third page to open, were the cap not held
    expect(open).toBe(2);
    expect(pool.activeSessions).toBe(2);
    release();
    await Promise.all(work);
    expect(most).toBe(2);
    expect(pool.activeSessions).toBe(0);
  });

  it('lets a waiting caller give up through its abort signal', async () => {
    const single = new BrowserPool(poolOptions({ maxSessions: 1 }));
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const holding = single.withSession(
      signal,
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    );
    await running;
    const controller = new AbortController();
    const waiting = single.withSession(controller.signal, async () => 'ran');
    setTimeout(() => controller.abort(new Error('caller went away')), 100);
    await expect(waiting).rejects.toThrow('caller went away');
    expect(single.activeSessions).toBe(1);
    await sleep(200);
    release();
    await holding;
    expect(single.activeSessions).toBe(0);
    await single.close();
  });

  it('closes Chromium after the idle time', async () => {
    const brief = new BrowserPool(poolOptions({ idleMs: 300 }));
    await brief.withSession(signal, (session) => session.page.setContent('<p>x</p>'));
    expect(brief.launched).toBe(true);
    await sleep(800);
    expect(brief.launched).toBe(false);
    await brief.close();
  });

  it('dials the address the guard judged, not the one Chromium would resolve (rebinding)', async () => {
    // The guard's DNS says rebind.test is 127.0.0.2 (allowlisted); Chromium's own resolver is
    // told it is 127.0.0.1. Only the guarded proxy's answer may be dialled.
    const rebinding = new BrowserPool(
      poolOptions({
        guard: createSsrfGuard({ allowlist: ['127.0.0.2'], resolve: async () => ['127.0.0.2'] }),
        extraArgs: ['--host-resolver-rules=MAP rebind.test 127.0.0.1'],
      }),
    );
    try {
      const status = await rebinding.withSession(signal, async (session) => {
        const response = await session.goto(`http://rebind.test:${victim.port}/`);
        return response?.status();
      });
      expect(status).toBe(502); // nothing listens on 127.0.0.2 at the victim's port
      expect(victim.connections).toBe(0);
    } finally {
      await rebinding.close();
    }
  });
});
