import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqlStore, type SqlStore } from '../../store/db.js';
import {
  openTestSqlStore,
  postgresAvailable,
  redisAvailable,
  TEST_DATABASE_URL,
  TEST_KV_URL,
} from '../../testing/services.js';
import { XP } from '../identity/identity.schema.js';
import { load, serve, signIn, stop } from './test-support/served-app.js';

const count = async (db: SqlStore['db'], query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);

const backends = [
  { name: 'embedded', ready: async () => true },
  {
    name: 'PostgreSQL + Redis',
    ready: async () => (await postgresAvailable()) && (await redisAvailable()),
  },
];

describe.each(backends)('a kill -9 under load ($name)', ({ name, ready }) => {
  it('loses no trace, conversation row or XP of an answered request', async (context) => {
    if (!(await ready())) return context.skip();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'exchange-crash-'));
    const postgres = name === 'embedded' ? null : await openTestSqlStore('postgres');
    const env: Record<string, string> = { APP_DATA_DIR: dataDir };
    if (postgres) {
      Object.assign(env, {
        APP_DATABASE_URL: TEST_DATABASE_URL,
        APP_SCHEMA: postgres.schema,
        APP_KV_URL: TEST_KV_URL,
        APP_KV_PREFIX: `crash-${randomBytes(4).toString('hex')}:`,
      });
    }
    try {
      const first = await serve(env);
      const headers = await signIn(first.url);
      let killed = false;
      const answered: string[] = [];
      const running = load(first.url, headers, () => killed, answered);
      // Kill while requests are in flight, once enough were answered to have filled batches:
      // at least 3 s and 50 answers in (a busy machine may answer none in the first 3 s).
      const started = Date.now();
      while (Date.now() - started < 3_000 || answered.length < 50)
        await new Promise((r) => setTimeout(r, 100));
      first.child.kill('SIGKILL');
      killed = true;
      await running;
      expect(answered.length).toBeGreaterThan(0);
      expect((await readdir(path.join(dataDir, 'exchange-journal'))).length).toBeGreaterThan(0);

      // The restart replays the journal before it listens; a clean stop then leaves the store to us.
      await stop(await serve(env));

      const store = postgres ?? (await openSqlStore({ dataDir }));
      try {
        const { db } = store;
        const ids = sql.join(answered.map((id) => sql.lit(id)));
        expect(
          await count(
            db,
            sql`select count(*) as n from traces where status = 'ok' and request_id in (${ids})`,
          ),
        ).toBe(answered.length);
        expect(
          await count(
            db,
            sql`select count(*) as n from chat_messages where request_id in (${ids})`,
          ),
        ).toBe(2 * answered.length);
        // Requests journaled but cut before their reply are kept too; nothing is stored twice.
        const okTraces = await count(db, sql`select count(*) as n from traces where status = 'ok'`);
        expect(await count(db, sql`select count(*) as n from chat_messages`)).toBe(2 * okTraces);
        expect(await count(db, sql`select sum(message_count) as n from chats`)).toBe(2 * okTraces);
        expect(await count(db, sql`select total_xp as n from identity where id = 1`)).toBe(
          XP.request * okTraces,
        );
      } finally {
        if (!postgres) await store.close();
      }
    } finally {
      await postgres?.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
