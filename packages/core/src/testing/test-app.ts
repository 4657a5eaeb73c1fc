import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import type { IntegrationsPluginOptions } from '../modules/integrations/integrations.plugin.js';
import type { ModelsPluginOptions } from '../modules/models/models.plugin.js';
import type { ResetPluginOptions } from '../modules/reset/reset.plugin.js';
import type { KvStore } from '../store/kv/kv-store.js';
import {
  type KvTestBackend,
  openTestKvStore,
  openTestSqlStore,
  type SqlTestBackend,
  type TestKvStore,
  type TestSqlStore,
} from './services.js';

export const TEST_USER = 'admin';
export const TEST_PASSWORD = 'test-password-1234';
export const TEST_SECRET = 'a'.repeat(64);

export interface TestAppOptions {
  sql?: SqlTestBackend;
  kv?: KvTestBackend;
  /** Environment on top of the test defaults (user, password, secret, silent logs). */
  env?: Record<string, string | undefined>;
  /** A dashboard build to serve; a minimal stand-in by default. */
  dashboardDir?: string;
  /** A logger to use instead of a silent one (log-redaction tests). */
  logger?: FastifyBaseLogger;
  /** Adds routes or hooks before the app is readied (for error-path tests). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Cache lifetimes of the models module, such as healthTtlMs: 0 to probe at every call. */
  modelsOptions?: ModelsPluginOptions;
  /** The integrations' way to the vendors, such as routeToFake for every connector. */
  integrationsOptions?: IntegrationsPluginOptions;
  /** A hook after each reset step, such as one that holds the reset mid-way. */
  resetOptions?: ResetPluginOptions;
}

export interface TestApp {
  app: FastifyInstance;
  sql: TestSqlStore;
  kv: KvStore;
  /** Lines the app announced on first boot (the credentials line). */
  announced: string[];
  /** Signs in through POST /auth/login from a fresh client address. */
  login(username?: string, password?: string): Promise<Client>;
  /** Closes the app and reopens it on the same stores, as a restart would. */
  restart(env?: Record<string, string | undefined>): Promise<TestApp>;
  /**
   * A second app on the same stores, as another replica would run (its own job workers,
   * caches, key-value connection and event loop). Its close() leaves the stores to this app.
   */
  replica(env?: Record<string, string | undefined>): Promise<TestApp>;
  close(): Promise<void>;
}

/** A signed-in caller: sends the session cookie and, on unsafe methods, the CSRF token. */
export interface Client {
  cookie: string;
  csrfToken: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let dashboardFixture: Promise<string> | undefined;

/** A minimal dashboard build, so core tests do not depend on the real one. */
function dashboardDir(): Promise<string> {
  dashboardFixture ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agent-dashboard-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
    );
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("dashboard")');
    return dir;
  })();
  return dashboardFixture;
}

export const randomIp = () => `10.${randomBytes(3).join('.')}`;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const sql = await openTestSqlStore(options.sql ?? 'pglite');
  const kv = await openTestKvStore(options.kv ?? 'sql', sql);
  return start(sql, kv, options);
}

async function start(
  sql: TestSqlStore,
  kvHandle: TestKvStore,
  options: TestAppOptions,
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: sql.dataDir,
    LOG_LEVEL: 'silent',
    DASHBOARD_USER: TEST_USER,
    DASHBOARD_PASSWORD: TEST_PASSWORD,
    DASHBOARD_SECRET: TEST_SECRET,
    METRICS_PORT: '0',
    // Extraction calls the model in the background, where it would take turns a suite scripted
    // for its chats; the suites about memory turn it on.
    MEMORY_EXTRACTION: 'false',
    // A test machine under load must not drop recall by its time budget; the budget's own test
    // and the memory benches set it where they measure it.
    MEMORY_RECALL_BUDGET_MS: '2000',
    // Suites wait for each chat turn's extraction; the batching has its own test.
    MEMORY_EXTRACTION_IDLE_SECONDS: '0',
    ...options.env,
  });
  const announced: string[] = [];
  const app = await buildApp({
    config,
    secret: config.auth.dashboardSecret ?? TEST_SECRET,
    sql,
    kv: kvHandle.kv,
    dashboardDir: options.dashboardDir ?? (await dashboardDir()),
    announceCredentials: (line) => announced.push(line),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.modelsOptions ? { modelsOptions: options.modelsOptions } : {}),
    ...(options.integrationsOptions ? { integrationsOptions: options.integrationsOptions } : {}),
    ...(options.resetOptions ? { resetOptions: options.resetOptions } : {}),
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    sql,
    kv: kvHandle.kv,
    announced,
    login: (username = TEST_USER, password = TEST_PASSWORD) => login(app, username, password),
    async restart(env) {
      await app.close();
      const reopened = await sql.reopen();
      await kvHandle.reconnect(reopened);
      return start(reopened, kvHandle, { ...options, env: { ...options.env, ...env } });
    },
    async replica(env) {
      // Its own key-value connection, as another process holds: pub/sub crosses the server.
      const own = await kvHandle.replica(sql);
      const handle: TestKvStore = { ...kvHandle, kv: own };
      const name = { REPLICA_ID: `replica-${randomBytes(3).toString('hex')}` };
      const other = await start(sql, handle, {
        ...options,
        env: { ...options.env, ...name, ...env },
      });
      return { ...other, close: () => other.app.close() };
    },
    async close() {
      await app.close();
      await kvHandle.destroy();
      await sql.destroy();
    },
  };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<Client> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password },
    remoteAddress: randomIp(),
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((c) => c.name === 'session');
  if (!session) throw new Error('login set no session cookie');
  const csrfToken = (response.json() as { csrf_token: string }).csrf_token;
  return clientFor(app, `session=${session.value}`, csrfToken);
}

export function clientFor(app: FastifyInstance, cookie: string, csrfToken: string): Client {
  return {
    cookie,
    csrfToken,
    inject(options) {
      const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes((options.method ?? 'GET').toUpperCase());
      return app.inject({
        ...options,
        headers: {
          cookie,
          ...(unsafe ? { 'x-csrf-token': csrfToken } : {}),
          ...(options.headers ?? {}),
        },
      });
    },
  };
}
