import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Client,
  startTestServer,
  type TestAppOptions,
  type TestServer,
} from '@agent-runtime/core/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe, onTestFailed } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results');
const DIST_INDEX = path.resolve(import.meta.dirname, '../../dist/index.html');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A describe block that needs Chromium. Without it, a developer's run skips with a hint, but CI
 * fails: a green CI run must mean the browser tests ran.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (!existsSync(CHROMIUM_PATH) && process.env.CI !== 'true') {
    console.warn(
      `Skipping browser tests "${name}": no Chromium at ${CHROMIUM_PATH}. ` +
        'Install it with: apt-get install -y chromium',
    );
    describe.skip(name, body);
    return;
  }
  describe(name, body);
}

/** The runtime serving the real dashboard build, and a browser pointed at it. */
export interface BrowserRuntime {
  server: TestServer;
  browser: Browser;
  /** Contexts of earlier tests; closed lazily, because a failed test's screenshot comes last. */
  contexts: BrowserContext[];
  close(): Promise<void>;
}

/** `options` go to the test server (environment such as a fake model provider's address). */
export async function startBrowserRuntime(options?: TestAppOptions): Promise<BrowserRuntime> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required for the dashboard browser tests but ${CHROMIUM_PATH} does not exist ` +
        '(CI=true, so they are not skipped). Install it with: apt-get install -y chromium',
    );
  }
  if (!existsSync(DIST_INDEX)) {
    throw new Error(
      `The dashboard is not built (${DIST_INDEX} is missing). ` +
        'Run: npm run build -w @agent-runtime/dashboard',
    );
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const server = await startTestServer(options).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  return {
    server,
    browser,
    contexts: [],
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

const screenshotName = (testName: string) =>
  `${testName.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '')}.png`;

export interface PageOptions {
  /** Start with a session made through the API rather than the login form. */
  signedIn?: boolean;
}

/**
 * A fresh browser context (its own cookies) and page for one test. If the test fails, a
 * full-page screenshot is saved under test-results/ at the repository root.
 */
export async function openPage(
  runtime: BrowserRuntime,
  options: PageOptions = {},
): Promise<{ page: Page; context: BrowserContext; client?: Client }> {
  const { server, browser } = runtime;
  // Vitest runs onTestFailed after afterEach and onTestFinished, so the previous test's page is
  // closed here rather than in a hook that would run before its screenshot.
  await Promise.all(runtime.contexts.splice(0).map((old) => old.close()));
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
  });
  let client: Client | undefined;
  if (options.signedIn) {
    // server.login() signs in from a random address, so it does not use up the login rate
    // limit of 127.0.0.1 that the form sign-ins share.
    client = await server.login();
    await context.addCookies([
      { name: 'session', value: client.cookie.replace(/^session=/, ''), url: server.url },
      { name: 'csrftoken', value: client.csrfToken, url: server.url },
    ]);
  }
  // A missing element should fail a test well before Playwright's default 30 s, yet a page that is
  // merely slow (the suite shares two cores with the server-side suites) must still pass.
  context.setDefaultTimeout(20_000);
  runtime.contexts.push(context);
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, screenshotName(task.name));
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failed test: ${file}`);
  });
  return { page, context, ...(client ? { client } : {}) };
}

/** Uncaught exceptions and CSP violations, which a passing assertion could otherwise hide. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      problems.push(`csp: ${message.text()}`);
  });
  return problems;
}
