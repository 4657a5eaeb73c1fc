import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { migrateToLatest } from './migrations/index.js';
import {
  inProcessNotifications,
  type Notifications,
  postgresNotifications,
} from './notifications.js';
import { PgliteConnection } from './pglite-connection.js';

export type SqlBackend = 'pglite' | 'postgres';

export interface SqlStore {
  readonly db: Kysely<Database>;
  readonly backend: SqlBackend;
  /** The schema the tables live in (public unless tests isolate themselves). */
  readonly schema: string;
  /** A raw parameterised query on the store's pool, for libraries that bring their own SQL (pg-boss). */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Messages to every process sharing this database (LISTEN/NOTIFY; in-process when embedded). */
  readonly notifications: Notifications;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SqlStoreOptions {
  /** PostgreSQL URL; absent means the embedded PGlite database under dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Schema to use instead of public (tests isolate themselves this way). */
  schema?: string;
}

/** Opens the SQL store and brings its schema to the latest migration. */
export async function openSqlStore(options: SqlStoreOptions): Promise<SqlStore> {
  const store = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema)
    : await openPglite(options.dataDir);
  try {
    await migrateToLatest(store.db, options.schema);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

function openPostgres(url: string, schema?: string): SqlStore {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: 3_000,
    // Extensions (pg_trgm) live in public, so a private schema still sees their functions.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const notifications = postgresNotifications(connection, schema ?? 'public', pool);
  return wrap(pool, 'postgres', schema ?? 'public', notifications, async () => {});
}

async function openPglite(dataDir: string): Promise<SqlStore> {
  // PGlite's engine is 9 MB of WebAssembly. By default V8 compiles it with its baseline compiler
  // and then again with its optimizing one on background threads, and the process keeps about
  // 65 MiB more resident memory for good. The optimized code is worth little here: a request's
  // queries cost PGlite's JavaScript protocol layer and file calls, not the engine's code; only
  // bulk work slows (memory search about 10 %, building a vector index about 40 %; bench/README).
  // V8 reads the flag when a module is compiled, so it must be set before PGlite loads.
  setFlagsFromString('--liftoff-only');
  // Loaded only for the embedded store: the WebAssembly engine is large and servers do not need it.
  const [{ PGlite }, { pg_trgm }, { vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-pgvector'),
  ]);
  const folder = path.resolve(dataDir, 'pgdata');
  await mkdir(folder, { recursive: true });
  const options = { postgresqlconf: ['shared_buffers=4MB'] };
  if (!existsSync(path.join(folder, 'PG_VERSION'))) await initializeInWorker(folder, options);
  // 4 MB of shared buffers instead of 128: an embedded, single-operator database does not need
  // more (the OS page cache still serves reads), and each 16 MB of them is up to 16 MiB of
  // resident memory once touched.
  // pg_trgm and pgvector serve memory search (trigram matching, vector distance).
  const pglite = await PGlite.create(folder, { ...options, extensions: { pg_trgm, vector } });
  // PGlite is a single session: a pool of one client on one connection, so transactions never
  // interleave.
  const pool = new pg.Pool({
    max: 1,
    user: 'postgres',
    database: 'postgres',
    connection: new PgliteConnection(pglite),
  } as pg.PoolConfig);
  return wrap(pool, 'pglite', 'public', inProcessNotifications(), () => pglite.close());
}

/** A new database folder, made on a thread of its own (see pglite-initdb.mjs). */
async function initializeInWorker(folder: string, options: object): Promise<void> {
  const worker = new Worker(new URL('./pglite-initdb.mjs', import.meta.url), {
    workerData: { folder, options },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (${code})`)),
    );
  });
}

function wrap(
  pool: pg.Pool,
  backend: SqlBackend,
  schema: string,
  notifications: Notifications,
  closeEngine: () => Promise<void>,
): SqlStore {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    backend,
    schema,
    notifications,
    query: (text, values) => pool.query(text, values as unknown[]),
    async ping() {
      if (closed) throw new Error('SQL store is closed');
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await notifications.close();
      await db.destroy();
      await closeEngine();
    },
  };
}
