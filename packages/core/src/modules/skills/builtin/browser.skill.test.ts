import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSsrfGuard } from '../../../net/ssrf.js';
import { chromiumAvailable } from '../../../testing/chromium.js';
import { type LocalServer, startLocalServer } from '../../../testing/local-server.js';
import { testSkillContext } from '../../../testing/skill-context.js';
import { BrowserPool } from '../../browser/browser-pool.js';
import { WorkGauge } from '../../health/work-gauge.js';
import { SkillError } from '../skill.js';
import { type BrowserInput, createBrowserSkill } from './browser.skill.js';

const hasChromium = await chromiumAvailable();

describe('browser skill availability', () => {
  it('is unavailable, with the reason, when no Chromium is found', async () => {
    const pool = new BrowserPool({
      guard: createSsrfGuard({ allowlist: [] }),
      chromiumPath: '/nonexistent/chromium',
      findChromium: async () => null,
      maxSessions: 1,
      timeoutMs: 1_000,
      sessions: new WorkGauge(),
    });
    const skill = createBrowserSkill({ pool });
    expect(await skill.availability?.()).toMatchObject({
      available: false,
      reason: expect.stringMatching(/^Chromium is not installed/),
    });
    expect(skill.level).toBe('MONITORED');
    const error = await skill
      .execute({ url: 'https://example.com/', action: 'read' }, testSkillContext())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).code).toBe('browser_unavailable');
  });
});

describe.skipIf(!hasChromium)('browser skill', () => {
  let site: LocalServer;
  let victim: LocalServer;
  let pool: BrowserPool;
  const context = testSkillContext();
  const run = (input: Partial<BrowserInput> & { url: string }) => {
    const skill = createBrowserSkill({ pool });
    return skill.execute(skill.inputSchema.parse(input), context);
  };
  const refusal = (input: Partial<BrowserInput> & { url: string }) =>
    run(input).then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as SkillError,
    );

  beforeAll(async () => {
    victim = await startLocalServer((_, res) => void res.end('internal'));
    const internal = `http://127.0.0.1:${victim.port}`;
    const pages: Record<string, string> = {
      '/app': `<title>Dashboard</title><body><div id="root"></div><p hidden>hidden text</p>
        <script>document.getElementById('root').textContent = 'Rendered by JavaScript';</script></body>`,
      '/leaky': `<title>Leaky</title><body><p>Public content</p>
        <img src="${internal}/pixel.png"><script src="${internal}/steal.js"></script>
        <script>fetch('${internal}/api').catch(() => {});
          try { new WebSocket('ws://127.0.0.1:${victim.port}/socket'); } catch {}</script></body>`,
      '/long': `<title>Long</title><body><pre>${'z'.repeat(25_000)}</pre></body>`,
    };
    site = await startLocalServer((req, res) => {
      if (req.url === '/to-internal') {
        res.writeHead(302, { location: `${internal}/admin` });
        return void res.end();
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(pages[req.url] ?? '<title>Not found</title>');
    }, '127.0.0.2');
    pool = new BrowserPool({
      guard: createSsrfGuard({ allowlist: ['127.0.0.2'] }),
      chromiumPath: process.env.CHROMIUM_PATH,
      maxSessions: 2,
      timeoutMs: 10_000,
      sessions: new WorkGauge(),
    });
  });

  afterAll(async () => {
    await pool.close();
    await Promise.all([site.close(), victim.close()]);
  });

  it('reads the title and the visible text after scripts ran', async () => {
    const output = await run({ url: `${site.url}/app` });
    expect(output.text).toBe(
      `URL: ${site.url}/app\nStatus: 200\nTitle: Dashboard\n\nRendered by JavaScript`,
    );
    expect(output.untrusted).toBe(true);
    expect(output.data).toMatchObject({ url: `${site.url}/app`, status: 200, blocked_requests: 0 });
  });

  it('blocks subresources, fetches and WebSockets aimed at a private address', async () => {
    const output = await run({ url: `${site.url}/leaky` });
    await sleep(300); // let stray requests land, if any got out
    expect(output.text).toContain('Public content');
    expect(output.text).toMatch(/Blocked: \d+ request\(s\) to disallowed addresses/);
    expect(output.data?.blocked_requests).toBeGreaterThanOrEqual(2);
    expect(output.data?.blocked).toContainEqual(
      expect.stringContaining('127.0.0.1, a loopback address'),
    );
    expect(victim.connections).toBe(0);
  });

  it('refuses a redirect to a private address, which is never reached', async () => {
    const error = await refusal({ url: `${site.url}/to-internal` });
    expect(error).toBeInstanceOf(SkillError);
    expect(error.code).toBe('url_blocked');
    expect(error.message).toBe(
      `http://127.0.0.1:${victim.port}/admin resolves to 127.0.0.1, a loopback address`,
    );
    expect(victim.connections).toBe(0);
  });

  it('refuses a private or non-http address before opening it', async () => {
    expect((await refusal({ url: `http://[::1]:${victim.port}/` })).code).toBe('url_blocked');
    expect((await refusal({ url: 'file:///etc/passwd' })).message).toMatch(/only http and https/);
    expect(victim.connections).toBe(0);
  });

  it('cuts long text at 20000 characters', async () => {
    const output = await run({ url: `${site.url}/long` });
    expect(output.text).toContain('[… 5,000 more characters cut]');
    expect(output.data?.truncated).toBe(true);
  });

  it('takes a PNG screenshot with the title and a short text', async () => {
    const output = await run({ url: `${site.url}/app`, action: 'screenshot' });
    expect(output.data?.mime).toBe('image/png');
    const png = Buffer.from(output.data?.screenshot_base64 as string, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(output.text).toContain('Title: Dashboard');
    expect(output.text).toMatch(/Screenshot: 1280×720 PNG, \d+ bytes/);
    expect(output.text).toContain('Rendered by JavaScript');
    expect(output.text).not.toContain(output.data?.screenshot_base64 as string);
  });
});
