import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { ServiceUnavailableError } from '../../errors/app-error.js';
import type { SsrfGuard } from '../../net/ssrf.js';
import type { WorkGauge } from '../health/work-gauge.js';
import type { SkillAvailability } from '../skills/skill.js';
import { findChromium } from './chromium.js';
import { type GuardedProxy, startGuardedProxy } from './guarded-proxy.js';
import { SessionLimiter } from './session-limiter.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const NOT_INSTALLED =
  'Chromium is not installed: install it (apt-get install chromium) or set CHROMIUM_PATH';

export interface BrowserPoolOptions {
  guard: SsrfGuard;
  chromiumPath?: string;
  maxSessions: number;
  /** Navigation and action time limit of a page. */
  timeoutMs: number;
  /** The browser closes after this long without a page; default 60 s. */
  idleMs?: number;
  /** Injectable so a test can stand for a machine without Chromium. */
  findChromium?: (preferred?: string) => Promise<string | null>;
  /** Extra Chromium flags (tests use --host-resolver-rules to fake a rebinding DNS). */
  extraArgs?: string[];
  /** Counts the pages open as active work (the CPI's browser_sessions). */
  sessions: WorkGauge;
}

export interface BrowserHealthStatus {
  status: 'ok' | 'unavailable' | 'error';
  active_sessions: number;
}

/** One page lent to a caller: its navigation is judged, and blocked requests are told. */
export interface BrowserSession {
  page: Page;
  /** Checks the URL with the guard, then navigates; throws SsrfError before any request. */
  goto(url: string): Promise<Response | null>;
  /** The guard's message for every request this page was refused, in order. */
  blocked: string[];
}

/** How long a Chromium probe's answer is served before it is refreshed in the background. */
const PROBE_MS = 30_000;

/**
 * Chromium shared by the browser skill: launched on first use, closed when idle, at most
 * `maxSessions` pages at once. Each session gets a fresh context (no cookies shared between
 * calls) whose every request is judged by the SSRF guard, and all its traffic leaves through
 * a guarded proxy that pins the address dialled.
 */
export class BrowserPool {
  private browser: Browser | undefined;
  private proxy: GuardedProxy | undefined;
  private launching: Promise<Browser> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private lastError: string | undefined;
  private readonly limiter: SessionLimiter;
  private probe: { at: number; result: SkillAvailability } | undefined;
  private probing: Promise<SkillAvailability> | undefined;

  constructor(private readonly options: BrowserPoolOptions) {
    this.limiter = new SessionLimiter(options.maxSessions);
  }

  /** Pages open (or being opened) right now. */
  get activeSessions(): number {
    return this.options.sessions.count;
  }

  /** Whether Chromium is running (it starts on first use and stops when idle). */
  get launched(): boolean {
    return this.browser !== undefined;
  }

  /**
   * Whether Chromium is installed. Asked on every chat message (the skills offered to the model),
   * so the file-system probe runs once and then at most every PROBE_MS in the background: a
   * message never waits for it, and an install or removal shows within that time.
   */
  async availability(): Promise<SkillAvailability> {
    const last = this.probe;
    if (!last) return this.probeNow();
    if (Date.now() - last.at > PROBE_MS && !this.probing) void this.probeNow().catch(() => {});
    return last.result;
  }

  private async probeNow(): Promise<SkillAvailability> {
    this.probing ??= (async () => {
      try {
        const path = await (this.options.findChromium ?? findChromium)(this.options.chromiumPath);
        const result: SkillAvailability = path
          ? { available: true }
          : { available: false, reason: NOT_INSTALLED };
        this.probe = { at: Date.now(), result };
        return result;
      } finally {
        this.probing = undefined;
      }
    })();
    return this.probing;
  }

  async health(): Promise<BrowserHealthStatus> {
    const active_sessions = this.activeSessions;
    if (!(await this.availability()).available) return { status: 'unavailable', active_sessions };
    return { status: this.lastError ? 'error' : 'ok', active_sessions };
  }

  /** Lends a guarded page to `work`, waiting for a free session; the page is closed after. */
  async withSession<T>(
    signal: AbortSignal,
    work: (session: BrowserSession) => Promise<T>,
  ): Promise<T> {
    await this.limiter.acquire(signal);
    const counted = this.options.sessions.acquire();
    clearTimeout(this.idleTimer);
    let context: BrowserContext | undefined;
    const closeOnAbort = () => void context?.close().catch(() => {});
    signal.addEventListener('abort', closeOnAbort, { once: true });
    try {
      const browser = await this.start();
      context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
      signal.throwIfAborted();
      return await work(await this.guardedSession(context));
    } finally {
      signal.removeEventListener('abort', closeOnAbort);
      await context?.close().catch(() => {});
      this.limiter.release();
      counted.release();
      if (this.limiter.idle) this.scheduleIdleClose();
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.launching?.catch(() => {});
    const { browser, proxy } = this;
    this.browser = undefined;
    this.proxy = undefined;
    this.launching = undefined;
    await browser?.close().catch(() => {});
    await proxy?.close();
  }

  private async guardedSession(context: BrowserContext): Promise<BrowserSession> {
    const { guard, timeoutMs } = this.options;
    const blocked: string[] = [];
    context.setDefaultTimeout(timeoutMs);
    // Context-wide, so pages the page opens (window.open) are judged too.
    await context.route('**/*', async (route) => {
      try {
        await guard.checkUrl(route.request().url());
      } catch (error) {
        blocked.push((error as Error).message);
        return route.abort('blockedbyclient').catch(() => {});
      }
      // The page may have closed meanwhile (a cancelled call): nothing left to continue.
      return route.continue().catch(() => {});
    });
    // Chromium does not route redirect hops: the proxy refuses them (403). They are judged
    // again here only to tell the caller, as a routed request would have been.
    context.on('request', (request) => {
      if (!request.redirectedFrom()) return;
      guard.checkUrl(request.url()).catch((error: Error) => blocked.push(error.message));
    });
    const page = await context.newPage();
    return {
      page,
      blocked,
      async goto(url) {
        await guard.checkUrl(url);
        const response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
        // A navigation redirected to a refused address ends on the proxy's 403: throw the
        // guard's refusal instead of handing back that page.
        if (response?.request().redirectedFrom()) await guard.checkUrl(response.url());
        return response;
      },
    };
  }

  private start(): Promise<Browser> {
    if (this.browser) return Promise.resolve(this.browser);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const executablePath = await (this.options.findChromium ?? findChromium)(
      this.options.chromiumPath,
    );
    if (!executablePath) throw new ServiceUnavailableError('browser_unavailable', NOT_INSTALLED);
    // Loaded on first use: playwright-core alone adds half a second and ~90 MiB to a start.
    const { chromium } = await import('playwright-core');
    const proxy = await startGuardedProxy(this.options.guard);
    try {
      const browser = await chromium.launch({
        executablePath,
        args: [...CHROMIUM_ARGS, ...(this.options.extraArgs ?? [])],
        // Playwright also adds <-loopback>, so loopback addresses go through the proxy too.
        proxy: { server: proxy.url },
        timeout: 30_000,
      });
      browser.on('disconnected', () => {
        if (this.browser !== browser) return; // closed on purpose
        this.browser = undefined;
        this.lastError = 'Chromium exited unexpectedly';
        void this.proxy?.close();
        this.proxy = undefined;
      });
      this.browser = browser;
      this.proxy = proxy;
      this.lastError = undefined;
      return browser;
    } catch (error) {
      await proxy.close();
      this.lastError = (error as Error).message;
      throw error;
    }
  }

  private scheduleIdleClose(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.limiter.idle) void this.close();
    }, this.options.idleMs ?? 60_000);
    this.idleTimer.unref();
  }
}
