import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openSqlStore, type SqlStore } from '../store/db.js';
import type { KvStore } from '../store/kv/kv-store.js';
import { RedisKvStore } from '../store/kv/redis-kv-store.js';
import { SqlKvStore } from '../store/kv/sql-kv-store.js';

const BASE_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Each test worker runs in a database of its own beside the given one (`test_w1`, `test_w2`,
 * made by postgresAvailable() on first use), so that files running at once never share one:
 * kysely's migrator reads every schema of its database, and a schema that another file drops
 * in the middle of that read fails it ("schema ... does not exist"). Outside a test worker (a
 * benchmark), the given database itself.
 */
export const TEST_DATABASE_URL = workerDatabaseUrl(BASE_DATABASE_URL, process.env.VITEST_POOL_ID);

function workerDatabaseUrl(base: string, worker: string | undefined): string {
  if (!worker) return base;
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/^\//, '') || 'postgres'}_w${worker}`;
  return url.href;
}
export const TEST_KV_URL = process.env.TEST_KV_URL ?? 'redis://127.0.0.1:6379';

/**
 * Under CI (or TEST_SERVICES=required) a service-backed suite that cannot reach its service
 * fails loudly; on a developer machine without the service it is skipped with a warning.
 */
const servicesRequired = process.env.CI === 'true' || process.env.TEST_SERVICES === 'required';

async function reachable(name: string, probe: () => Promise<void>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    const reason = `${name} is not reachable: ${(error as Error).message}`;
    if (servicesRequired) throw new Error(`${reason} (required under CI; start it or unset CI)`);
    console.warn(`[tests] ${reason}; its suites are skipped`);
    return false;
  }
}

let postgresUp: Promise<boolean> | undefined;
let redisUp: Promise<boolean> | undefined;

export function postgresAvailable(): Promise<boolean> {
  postgresUp ??= reachable('PostgreSQL', async () => {
    const client = new pg.Client({
      connectionString: BASE_DATABASE_URL,
      connectionTimeoutMillis: 2_000,
    });
    await client.connect();
    try {
      const name = decodeURIComponent(new URL(TEST_DATABASE_URL).pathname.slice(1));
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0)
        await client.query(`create database ${pg.escapeIdentifier(name)}`).catch((error) => {
          if ((error as { code?: string }).code !== '42P04') throw error; // made meanwhile
        });
    } finally {
      await client.end();
    }
  });
  return postgresUp;
}

export function redisAvailable(): Promise<boolean> {
  redisUp ??= reachable('Redis', async () => {
    const redis = new Redis(TEST_KV_URL, {
      lazyConnect: true,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.ping();
    } finally {
      redis.disconnect();
    }
  });
  return redisUp;
}

export type SqlTestBackend = 'pglite' | 'postgres';
export type KvTestBackend = 'sql' | 'redis';

/** Backends to run SQL suites on: always PGlite, PostgreSQL when reachable (required in CI). */
export async function sqlTestBackends(): Promise<SqlTestBackend[]> {
  return (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface KvTestSetup {
  name: string;
  kv: KvTestBackend;
  sql: SqlTestBackend;
}

/** KV suites run on the SQL backend over each SQL store, and on Redis when reachable. */
export async function kvTestBackends(): Promise<KvTestSetup[]> {
  const setups: KvTestSetup[] = (await sqlTestBackends()).map((sql) => ({
    name: `sql over ${sql}`,
    kv: 'sql',
    sql,
  }));
  if (await redisAvailable()) setups.push({ name: 'redis', kv: 'redis', sql: 'pglite' });
  return setups;
}

export interface TestSqlStore extends SqlStore {
  /** The data folder (PGlite files for the embedded backend). */
  dataDir: string;
  /** Reopens the same database, as a restarted process would. */
  reopen(): Promise<TestSqlStore>;
  /** Closes and deletes everything the test created. */
  destroy(): Promise<void>;
}

const run = promisify(execFile);
const STORE_DIR = path.resolve(import.meta.dirname, '../store');

/**
 * A migrated, empty PGlite folder, made once per machine for each version of the migrations and
 * copied for every test store: initdb and the migrations take two to three seconds, a copy and
 * an open a few hundred milliseconds. Published by a rename, so concurrent test files never see
 * one half made.
 */
let template: Promise<string> | undefined;

function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    const migrations = path.join(STORE_DIR, 'migrations');
    for (const name of (await readdir(migrations)).sort())
      if (!name.endsWith('.test.ts')) hash.update(await readFile(path.join(migrations, name)));
    hash.update(await readFile(path.join(STORE_DIR, 'db.ts')));
    const folder = path.join(tmpdir(), `agent-test-pglite-${hash.digest('hex').slice(0, 16)}`);
    if (await stat(folder).catch(() => null)) return folder;
    const staging = await mkdtemp(path.join(tmpdir(), 'agent-test-template-'));
    await (await openSqlStore({ dataDir: staging })).close();
    await rename(staging, folder).catch(() => rm(staging, { recursive: true, force: true }));
    return folder;
  })();
  return template;
}

/** A fresh, isolated database: a temporary PGlite folder, or a private PostgreSQL schema. */
export async function openTestSqlStore(backend: SqlTestBackend): Promise<TestSqlStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agent-test-'));
  // cp(1), not fs.cp: a thousand small files copy in 40 ms rather than half a second.
  if (backend === 'pglite') await run('cp', ['-R', `${await pgliteTemplate()}/.`, dataDir]);
  const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  // Makes this worker's database on first use, whoever asks first.
  if (schema && (await postgresAvailable())) await adminQuery(`create schema ${schema}`);
  const open = async (): Promise<TestSqlStore> => {
    const store = await openSqlStore({
      dataDir,
      databaseUrl: backend === 'postgres' ? TEST_DATABASE_URL : undefined,
      ...(schema ? { schema } : {}),
    });
    return {
      ...store,
      dataDir,
      reopen: async () => {
        await store.close();
        return open();
      },
      destroy: async () => {
        await store.close();
        // pg-boss keeps its tables in a sibling schema (see jobsSchemaFor).
        if (schema) await adminQuery(`drop schema if exists ${schema}, ${schema}_boss cascade`);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  };
  return open();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestKvStore {
  /** The live connection; replaced by reconnect(). */
  readonly kv: KvStore;
  /** Closes the connection and opens a new one onto the same data, as a restarted process would. */
  reconnect(sql: SqlStore): Promise<KvStore>;
  /** Another connection onto the same data, as another replica holds; closed by destroy(). */
  replica(sql: SqlStore): Promise<KvStore>;
  destroy(): Promise<void>;
}

/** The SQL backend in the given store, or Redis under a private key prefix. */
export async function openTestKvStore(backend: KvTestBackend, sql: SqlStore): Promise<TestKvStore> {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const open = (store: SqlStore): Promise<KvStore> =>
    backend === 'sql'
      ? Promise.resolve(new SqlKvStore(store))
      : RedisKvStore.connect(TEST_KV_URL, prefix);
  let kv = await open(sql);
  const replicas: KvStore[] = [];
  return {
    get kv() {
      return kv;
    },
    async reconnect(next) {
      await kv.close();
      kv = await open(next);
      return kv;
    },
    async replica(store) {
      const other = await open(store);
      replicas.push(other);
      return other;
    },
    async destroy() {
      if (backend === 'redis') {
        await kv.deleteByPattern('*');
        await kv.clearQueues('*');
      }
      for (const other of replicas) await other.close();
      await kv.close();
    },
  };
}

/** A key-value store of one setup with the SQL store under it, for the key-value suites. */
export interface KvTestStores {
  sql: TestSqlStore;
  store: TestKvStore;
  /** Closes and deletes both. */
  destroy(): Promise<void>;
}

export async function openKvTestStores(setup: KvTestSetup): Promise<KvTestStores> {
  const sql = await openTestSqlStore(setup.sql);
  const store = await openTestKvStore(setup.kv, sql);
  return {
    sql,
    store,
    async destroy() {
      await store.destroy();
      await sql.destroy();
    },
  };
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free port, for tests that stop the store under the app. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) => child.on('error', reject));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      redis.on('error', () => {});
      await Promise.race([redis.connect().then(() => redis.ping()), spawnError]);
      redis.disconnect();
      break;
    } catch (error) {
      if (Date.now() > deadline || (error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * A key-value store for tests that use one but do not test it (a vault for OAuth tokens):
 * Redis when it is up, since it opens at once, else the SQL backend over a fresh PGlite.
 */
export async function openScratchKvStore(): Promise<{ kv: KvStore; destroy(): Promise<void> }> {
  if (await redisAvailable()) {
    const store = await openTestKvStore('redis', undefined as unknown as SqlStore);
    return { kv: store.kv, destroy: () => store.destroy() };
  }
  const sql = await openTestSqlStore('pglite');
  const store = await openTestKvStore('sql', sql);
  return {
    kv: store.kv,
    async destroy() {
      await store.destroy();
      await sql.destroy();
    },
  };
}
