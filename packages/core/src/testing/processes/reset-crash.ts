/**
 * A whole runtime for the Panic Reset crash test. It boots the app on the stores the environment
 * names (RESET_DATA_DIR; RESET_DATABASE_URL and RESET_SCHEMA for PostgreSQL; RESET_KV_URL and
 * RESET_KV_PREFIX for Redis, else the key-value tables), so a reset that a killed process left
 * is finished while the app readies, then listens and prints, one JSON line each:
 *
 *   LISTENING {running, latest, snapshot}  the journal as found once listening, and the world
 *   SEEDED {snapshot}                       after RESET_SEED=world|cognitive filled it
 *   STARTED {run_id}                        a reset began (RESET_RUN=1)
 *   DONE {summary}                          it finished (only when no crash was asked for)
 *
 * With RESET_CRASH_AFTER=<n> the process kills itself with SIGKILL right after step n of its
 * reset, as a crash or an operator's kill -9 would; the next process finishes that reset, once
 * the killed process's flag has expired. RESET_FLAG_EXPIRED=1 stands for that wait: the flag is
 * removed before the app starts, as its lifetime would.
 */
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { ACTIVE_KEY } from '../../modules/reset/reset-gate.js';
import { ResetJournal } from '../../modules/reset/reset-journal.js';
import { openSqlStore } from '../../store/db.js';
import { openKvStore } from '../../store/kv/open-kv-store.js';
import { seedCognitive, seedResetWorld, snapshotResetWorld } from '../reset-world.js';

const env = process.env;
const dataDir = env.RESET_DATA_DIR ?? '';
const crashAfter = env.RESET_CRASH_AFTER ? Number(env.RESET_CRASH_AFTER) : null;
/** Armed for the reset this process starts, not for the one it finishes while it readies. */
let armed = false;
const say = (tag: string, data: unknown) =>
  process.stdout.write(`${tag} ${JSON.stringify(data)}\n`);

const sql = await openSqlStore({
  dataDir,
  databaseUrl: env.RESET_DATABASE_URL || undefined,
  ...(env.RESET_SCHEMA ? { schema: env.RESET_SCHEMA } : {}),
});
const kv = await openKvStore({
  kvUrl: env.RESET_KV_URL || undefined,
  sql,
  ...(env.RESET_KV_PREFIX ? { prefix: env.RESET_KV_PREFIX } : {}),
});
if (env.RESET_FLAG_EXPIRED === '1') await kv.delete(ACTIVE_KEY);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DASHBOARD_USER: 'admin',
  DASHBOARD_PASSWORD: 'test-password-1234',
  DASHBOARD_SECRET: 'a'.repeat(64),
  METRICS_PORT: '0',
  MEMORY_EXTRACTION: 'false',
});
const app = await buildApp({
  config,
  secret: 'a'.repeat(64),
  sql,
  kv,
  announceCredentials: () => {},
  resetOptions: {
    afterStep: async (step) => {
      if (armed && step === crashAfter) process.kill(process.pid, 'SIGKILL');
    },
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
// The event worker would drain the seeded event queue; the test compares the rest.
await app.eventQueue.stop();
const journal = new ResetJournal(sql.db);
const snapshot = async () => {
  await app.audit.flush();
  return snapshotResetWorld(sql, kv, dataDir);
};
say('LISTENING', {
  running: await journal.running(),
  latest: await journal.latest(),
  snapshot: await snapshot(),
});

if (env.RESET_SEED === 'world') await seedResetWorld(sql, kv, dataDir);
else if (env.RESET_SEED === 'cognitive') await seedCognitive(sql, kv);
if (env.RESET_SEED) say('SEEDED', { snapshot: await snapshot() });

if (env.RESET_RUN === '1') {
  armed = true;
  const active = await app.panicReset.start('admin');
  say('STARTED', { run_id: active.run.run_id });
  const done = new Promise((resolve) =>
    active.subscribe((progress) => progress.type === 'done' && resolve(progress)),
  );
  say('DONE', await done);
}
await app.close();
await kv.close();
await sql.close();
process.exit(0);
