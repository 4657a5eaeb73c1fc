/**
 * Where the soak's runtime keeps its data: the embedded default (everything under DATA_DIR), or
 * PostgreSQL and Redis (a database of its own, and a Redis database number it empties before and
 * after). `holding` searches the stores for a value, as the files are searched.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_KV_URL ?? 'redis://127.0.0.1:6379';
/** A Redis database the tests never use. */
const REDIS_DB = 13;

export interface Backend {
  dataDir: string;
  env: Record<string, string>;
  /** Places in the stores (beyond DATA_DIR) whose contents hold `needle`. */
  holding(needle: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function openBackend(name: string, dataDir: string): Promise<Backend> {
  if (name === 'embedded')
    return { dataDir, env: {}, holding: async () => [], close: async () => {} };
  if (name !== 'postgres') throw new Error(`unknown backend ${name} (embedded or postgres)`);
  const database = `soak_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${database}`);
  const databaseUrl = new URL(POSTGRES);
  databaseUrl.pathname = `/${database}`;
  const kvUrl = `${REDIS.replace(/\/\d*$/, '')}/${REDIS_DB}`;
  const redis = new Redis(kvUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  await redis.connect();
  await redis.flushdb();
  return {
    dataDir,
    env: { DATABASE_URL: databaseUrl.href, KV_URL: kvUrl },
    async holding(needle) {
      const found: string[] = [];
      const client = new pg.Client({ connectionString: databaseUrl.href });
      await client.connect();
      try {
        const tables = await client.query<{ name: string }>(`
          select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema')`);
        for (const { name } of tables.rows) {
          const rows = await client.query(
            `select count(*)::int as n from ${name} t
            where strpos(t::text, $1) > 0`,
            [needle],
          );
          if (rows.rows[0].n > 0) found.push(`PostgreSQL ${name}`);
        }
      } finally {
        await client.end();
      }
      for await (const keys of redis.scanStream({ count: 500 })) {
        for (const key of keys as string[]) {
          const type = await redis.type(key);
          const value =
            type === 'string'
              ? await redis.get(key)
              : type === 'list'
                ? (await redis.lrange(key, 0, -1)).join('\n')
                : type === 'hash'
                  ? JSON.stringify(await redis.hgetall(key))
                  : ((await redis.call('dump', key))?.toString() ?? '');
          if (key.includes(needle) || value?.includes(needle)) found.push(`Redis ${key}`);
        }
      }
      return found;
    },
    async close() {
      await redis.flushdb();
      redis.disconnect();
      await admin(`drop database if exists ${database} with (force)`);
    },
  };
}
