import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  openTestSqlStore,
  postgresAvailable,
  redisAvailable,
  TEST_DATABASE_URL,
  TEST_KV_URL,
} from '../../testing/services.js';
import { load, type Served, serve, signIn, stop } from './test-support/served-app.js';

const shared = (await postgresAvailable()) && (await redisAvailable());

/**
 * Two replicas on one PostgreSQL, one Redis and one data volume (as compose mounts it into
 * every replica); one is killed under load and never comes back.
 */
describe.runIf(shared)('a replica killed mid-stream', () => {
  it('loses no answered request: the surviving replica stores what the dead one journaled', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'exchange-replicas-'));
    const postgres = await openTestSqlStore('postgres');
    const env = {
      APP_DATA_DIR: dataDir,
      APP_DATABASE_URL: TEST_DATABASE_URL,
      APP_SCHEMA: postgres.schema,
      APP_KV_URL: TEST_KV_URL,
      APP_KV_PREFIX: `replicas-${randomBytes(4).toString('hex')}:`,
    };
    const journals = path.join(dataDir, 'exchange-journal');
    const children: Served[] = [];
    try {
      const victim = await serve({ ...env, REPLICA_ID: 'replica-a' });
      children.push(victim);
      const headers = await signIn(victim.url);
      // The survivor starts beside a live replica: it must leave the other's journal alone.
      const survivor = await serve({ ...env, REPLICA_ID: 'replica-b' });
      children.push(survivor);
      expect((await readdir(journals)).some((f) => f.endsWith('@replica-a.ndjson'))).toBe(true);
      let killed = false;
      const answered: string[] = [];
      const running = load(victim.url, headers, () => killed, answered);
      // Kill in full flow: at least 3 s and 50 answers in, so batches are on their way.
      const started = Date.now();
      while (Date.now() - started < 3_000 || answered.length < 50)
        await new Promise((resolve) => setTimeout(resolve, 100));
      victim.child.kill('SIGKILL');
      killed = true;
      await running;

      const ids = sql.join(answered.map((id) => sql.lit(id)));
      const stored = async () =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from traces where status = 'ok'
              and request_id in (${ids})`.execute(postgres.db)
          ).rows[0]?.n,
        );
      // The survivor takes over the dead replica's journal once it has been still for 30 s
      // (within 35 s, the survivor's heartbeat included). What the victim had stored before the
      // kill may be all that was answered: then the count is right at once, and the journal
      // still goes within those 35 s.
      await expect.poll(stored, { timeout: 90_000, interval: 1_000 }).toBe(answered.length);
      await expect
        .poll(async () => (await readdir(journals)).filter((f) => f.includes('@replica-a')), {
          timeout: 60_000,
          interval: 1_000,
        })
        .toEqual([]);
      const messages = await sql<{ n: string }>`select count(*) as n from chat_messages
        where request_id in (${ids})`.execute(postgres.db);
      expect(Number(messages.rows[0]?.n)).toBe(2 * answered.length);
      await stop(survivor);
    } finally {
      for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
      await postgres.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 900_000);
});
