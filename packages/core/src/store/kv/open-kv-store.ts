import type { SqlStore } from '../db.js';
import type { KvStore } from './kv-store.js';
import { SqlKvStore } from './sql-kv-store.js';

/** Redis when KV_URL is set; otherwise tables in the SQL store (the embedded default). */
export async function openKvStore(options: {
  kvUrl?: string | undefined;
  sql: SqlStore;
  prefix?: string;
}): Promise<KvStore> {
  if (options.kvUrl) {
    // Imported only when used, so the embedded default never loads the Redis client.
    const { RedisKvStore } = await import('./redis-kv-store.js');
    return RedisKvStore.connect(options.kvUrl, options.prefix);
  }
  return new SqlKvStore(options.sql);
}
