/**
 * A whole runtime for the Panic Reset crash test. It boots the app on the stores the environment
 * names (RESET_DATA_DIR; RESET_DATABASE_URL and RESET_SCHEMA for PostgreSQL; RESET_KV_URL and
 * RESET_KV_PREFIX for Redis, else the key-value tables), so a reset that a killed process left
 * is finished while the app readies, then listens and prints, one JSON line each:
 *
 *   LISTENING {running, latest, snapshot, marks}  the journal as found once listening, the
 *                                                  world, and the rows the load left (below)
 *   SEEDED {snapshot}                       after RESET_SEED=world|cognitive filled it
 *   STARTED {run_id}                        a reset began (RESET_RUN=1)
 *   ACKED {post}                            request ids answered after the reset was done
 *   DONE {summary}                          it finished (only when no crash was asked for)
 *
 * With RESET_LOAD=1 the process chats with itself over HTTP from a few callers, without pause,
 * from before the reset to its end: fast-path requests whose chat ids say whether they were
 * sent before the reset was done (`prereset`) or after (`postreset`), so the next process can
 * tell what came back. The reset starts once some were answered (their records are in the
 * journal and the write-behind buffer), with requests in flight.
 *
 * With RESET_CRASH_AFTER=<n> the process kills itself with SIGKILL right after step n of its
 * reset, or with `done` once a few requests were answered after the reset ended; with
 * RESET_CRASH_RESUMED_AFTER=<n>, after step n of the reset it finishes while it readies; with
 * RESET_KILL_AFTER_MS=<ms>, that long after it began, whatever it is doing then (loading,
 * replaying its journal, finishing a reset). The next process finishes that reset, once the killed process's
 * flag has expired. RESET_FLAG_EXPIRED=1 stands for that wait: the flag is removed before the
 * app starts, as its lifetime would.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql as query } from 'kysely';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { ACTIVE_KEY } from '../../modules/reset/reset-gate.js';
import { ResetJournal } from '../../modules/reset/reset-journal.js';
import { openSqlStore } from '../../store/db.js';
import { openKvStore } from '../../store/kv/open-kv-store.js';
import { markedRows, seedCognitive, seedResetWorld, snapshotResetWorld } from '../reset-world.js';
import { login } from '../test-app.js';

const env = process.env;
const dataDir = env.RESET_DATA_DIR ?? '';
const crashAfter = env.RESET_CRASH_AFTER ?? null;
if (env.RESET_KILL_AFTER_MS)
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), Number(env.RESET_KILL_AFTER_MS));
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
      if (armed && String(step) === crashAfter) process.kill(process.pid, 'SIGKILL');
      // A reset this process finishes while it readies, killed mid-way again.
      if (!armed && String(step) === env.RESET_CRASH_RESUMED_AFTER)
        process.kill(process.pid, 'SIGKILL');
    },
  },
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
// The event worker would drain the seeded event queue; the test compares the rest.
await app.eventQueue.stop();
const journal = new ResetJournal(sql.db);
const snapshot = async () => {
  await app.audit.flush();
  return snapshotResetWorld(sql, kv, dataDir);
};
/** What the load of earlier processes left: rows and journal lines of either side of a reset. */
const marks = async () => {
  const journalDir = path.join(dataDir, 'exchange-journal');
  const files = await readdir(journalDir).catch(() => []);
  const lines = await Promise.all(files.map((f) => readFile(path.join(journalDir, f), 'utf8')));
  const post = await query<{ request_id: string; n: number }>`
    select request_id, count(*)::int as n from traces where chat_id like 'zz-postreset-%'
    group by request_id`.execute(sql.db);
  const answered = await query<{ n: number }>`
    select count(*)::int as n from traces
    where status = 'ok' and (chat_id like 'zz-postreset-%' or chat_id like 'zz-midreset-%')`.execute(
    sql.db,
  );
  return {
    prereset: (await markedRows(sql, 'zz-prereset-')).marked,
    later: await markedRows(sql, 'reset-'),
    journalHoldsPrereset: lines.join('').includes('zz-prereset-'),
    postTraces: Object.fromEntries(post.rows.map((row) => [row.request_id, Number(row.n)])),
    laterAnswered: Number(answered.rows[0]?.n),
  };
};
say('LISTENING', {
  running: await journal.running(),
  latest: await journal.latest(),
  snapshot: await snapshot(),
  marks: await marks(),
});

/**
 * The load: callers that chat until the process ends. Requests sent while the reset runs
 * (`midreset`) are refused, cut, or answered once the gate opened again: nothing is claimed of
 * them, but they are told apart from those sent before it began.
 */
const load = {
  phase: 'prereset' as 'prereset' | 'midreset' | 'postreset',
  pre: 0,
  post: [] as string[],
};
if (env.RESET_LOAD === '1') {
  // Signed in through the app itself, from an address of its own: every process of the test
  // signs in, and the login limit counts per address.
  const { cookie, csrfToken } = await login(app, 'admin', 'test-password-1234');
  let sent = 0;
  for (let caller = 0; caller < 4; caller += 1)
    void (async () => {
      for (;;) {
        const phase = load.phase;
        sent += 1;
        const chatId = `zz-${phase}-${caller}-${sent}`;
        const response = await fetch(`${address}/chat`, {
          method: 'POST',
          headers: {
            cookie,
            'x-csrf-token': csrfToken,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ text: 'what is 12*7?', chat_id: chatId }),
        }).catch(() => null);
        if (response?.status !== 200) {
          await response?.arrayBuffer();
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const { request_id } = (await response.json()) as { request_id: string };
        if (phase === 'postreset') load.post.push(request_id);
        else if (phase === 'prereset') load.pre += 1;
      }
    })();
  while (load.pre < 20) await new Promise((resolve) => setTimeout(resolve, 10));
}

if (env.RESET_SEED === 'world') await seedResetWorld(sql, kv, dataDir);
else if (env.RESET_SEED === 'cognitive') await seedCognitive(sql, kv);
if (env.RESET_SEED) say('SEEDED', { snapshot: await snapshot() });

if (env.RESET_RUN === '1') {
  armed = true;
  load.phase = 'midreset';
  const active = await app.panicReset.start('admin');
  say('STARTED', { run_id: active.run.run_id });
  const done = await new Promise((resolve) =>
    active.subscribe((progress) => progress.type === 'done' && resolve(progress)),
  );
  load.phase = 'postreset';
  if (crashAfter === 'done') {
    while (load.post.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    say('ACKED', { post: load.post });
    process.kill(process.pid, 'SIGKILL');
  }
  say('DONE', done);
}
// A process told to die at a set time waits for it: on a fast machine it would otherwise have
// finished and exited first, and the kill would test nothing.
if (env.RESET_KILL_AFTER_MS) await new Promise(() => {});
await app.close();
await kv.close();
await sql.close();
process.exit(0);
