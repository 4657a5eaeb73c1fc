import { type Generated, type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import type { SqlStore } from '../db.js';
import { globTokens, type KvStore } from './kv-store.js';

interface KvTables {
  kv_entries: { key: string; value: string; expires_at: Date | null };
  kv_queue_items: {
    id: Generated<string>;
    queue: string;
    value: string;
    created_at: Generated<Date>;
  };
}

declare module '../database.js' {
  interface Database extends KvTables {}
}

/** A glob as a LIKE pattern (escape character `\`). */
function likePattern(pattern: string): string {
  return globTokens(pattern)
    .map((t) =>
      'literal' in t
        ? t.literal.replace(/[\\%_]/g, (c) => `\\${c}`)
        : t.wildcard === '*'
          ? '%'
          : '_',
    )
    .join('');
}

const live = sql<boolean>`(expires_at is null or expires_at > now())`;
const expiryFrom = (ttlMs: number | undefined) =>
  ttlMs === undefined ? null : sql<Date>`now() + make_interval(secs => ${ttlMs / 1000})`;

/**
 * Key-value data in the SQL database, for the embedded default. Expiry uses the database's
 * clock so every replica agrees; expired rows are invisible at once and swept periodically.
 */
export class SqlKvStore implements KvStore {
  readonly backend = 'sql';
  private readonly sweeper: NodeJS.Timeout;
  private readonly db: Kysely<Database>;
  private readonly notifications: SqlStore['notifications'];
  private readonly unsubscribes = new Set<() => void>();

  constructor(store: Pick<SqlStore, 'db' | 'notifications'>) {
    this.db = store.db;
    this.notifications = store.notifications;
    this.sweeper = setInterval(() => void this.sweep().catch(() => {}), 60_000);
    this.sweeper.unref();
  }

  async get(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('kv_entries')
      .select('value')
      .where('key', '=', key)
      .where(live)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async getMany(keys: readonly string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('kv_entries')
      .select(['key', 'value'])
      .where('key', 'in', [...keys])
      .where(live)
      .execute();
    const found = new Map(rows.map((row) => [row.key, row.value]));
    return keys.map((key) => found.get(key) ?? null);
  }

  async set(key: string, value: string, options: { ttlMs?: number } = {}): Promise<void> {
    const expires_at = expiryFrom(options.ttlMs);
    await this.db
      .insertInto('kv_entries')
      .values({ key, value, expires_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at }))
      .execute();
  }

  async setIfAbsent(
    key: string,
    value: string,
    options: { ttlMs?: number } = {},
  ): Promise<boolean> {
    const expires_at = expiryFrom(options.ttlMs);
    const row = await this.db
      .insertInto('kv_entries')
      .values({ key, value, expires_at })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value, expires_at })
          .where(
            sql<boolean>`kv_entries.expires_at is not null and kv_entries.expires_at <= now()`,
          ),
      )
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  async compareAndSet(
    key: string,
    expected: string | null,
    value: string,
    options: { ttlMs?: number } = {},
  ): Promise<boolean> {
    if (expected === null) return this.setIfAbsent(key, value, options);
    const rows = await this.db
      .updateTable('kv_entries')
      .set({ value, expires_at: expiryFrom(options.ttlMs) })
      .where('key', '=', key)
      .where('value', '=', expected)
      .where(live)
      .returning('key')
      .execute();
    return rows.length > 0;
  }

  async delete(key: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('kv_entries')
      .where('key', '=', key)
      .where(live)
      .returning('key')
      .execute();
    return rows.length > 0;
  }

  async ttl(key: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('kv_entries')
      .select(sql<string | null>`ceil(extract(epoch from (expires_at - now())) * 1000)`.as('ms'))
      .where('key', '=', key)
      .where(live)
      .executeTakeFirst();
    return row?.ms == null ? null : Number(row.ms);
  }

  async increment(key: string, options: { by?: number; ttlMs?: number } = {}) {
    const by = options.by ?? 1;
    const expired = sql<boolean>`kv_entries.expires_at is not null and kv_entries.expires_at <= now()`;
    const row = await this.db
      .insertInto('kv_entries')
      .values({ key, value: String(by), expires_at: expiryFrom(options.ttlMs) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: sql`case when ${expired} then excluded.value else (kv_entries.value::bigint + ${by})::text end`,
          expires_at: sql`case when ${expired} then excluded.expires_at else coalesce(kv_entries.expires_at, excluded.expires_at) end`,
        }),
      )
      .returning([
        'value',
        sql<string | null>`ceil(extract(epoch from (expires_at - now())) * 1000)`.as('ms'),
      ])
      .executeTakeFirstOrThrow();
    return { value: Number(row.value), ttlMs: row.ms == null ? null : Number(row.ms) };
  }

  async keys(pattern: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('kv_entries')
      .select('key')
      .where(sql<boolean>`key like ${likePattern(pattern)}`)
      .where(live)
      .orderBy('key')
      .execute();
    return rows.map((r) => r.key);
  }

  async deleteByPattern(pattern: string): Promise<number> {
    const rows = await this.db
      .deleteFrom('kv_entries')
      .where(sql<boolean>`key like ${likePattern(pattern)}`)
      .where(live)
      .returning('key')
      .execute();
    return rows.length;
  }

  async push(queue: string, value: string): Promise<number> {
    await this.db.insertInto('kv_queue_items').values({ queue, value }).execute();
    return this.length(queue);
  }

  async pop(queue: string): Promise<string | null> {
    // SKIP LOCKED lets concurrent consumers each take a different item.
    const row = await this.db
      .deleteFrom('kv_queue_items')
      .where(
        'id',
        '=',
        this.db
          .selectFrom('kv_queue_items')
          .select('id')
          .where('queue', '=', queue)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning('value')
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async length(queue: string): Promise<number> {
    const row = await this.db
      .selectFrom('kv_queue_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('queue', '=', queue)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async queueLengths(pattern: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('kv_queue_items')
      .select(['queue', (eb) => eb.fn.countAll<string>().as('n')])
      .where(sql<boolean>`queue like ${likePattern(pattern)}`)
      .groupBy('queue')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.queue, Number(r.n)]));
  }

  async clearQueues(pattern: string): Promise<number> {
    const rows = await this.db
      .deleteFrom('kv_queue_items')
      .where(sql<boolean>`queue like ${likePattern(pattern)}`)
      .returning('id')
      .execute();
    return rows.length;
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.notifications.notify(`kv:${topic}`, message);
  }

  async subscribe(topic: string, listener: (message: string | null) => void) {
    const stop = await this.notifications.listen(`kv:${topic}`, listener);
    this.unsubscribes.add(stop);
    return () => {
      this.unsubscribes.delete(stop);
      stop();
    };
  }

  async ping(): Promise<void> {
    await sql`select 1 from kv_entries limit 1`.execute(this.db);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const stop of this.unsubscribes) stop();
    this.unsubscribes.clear();
  }

  private async sweep(): Promise<void> {
    await this.db.deleteFrom('kv_entries').where('expires_at', '<=', sql<Date>`now()`).execute();
  }
}
