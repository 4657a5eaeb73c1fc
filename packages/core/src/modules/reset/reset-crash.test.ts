import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlStore } from '../../store/db.js';
import { SqlKvStore } from '../../store/kv/sql-kv-store.js';
import type { ResetWorldSnapshot } from '../../testing/reset-world.js';
import {
  postgresAvailable,
  redisAvailable,
  TEST_DATABASE_URL,
  TEST_KV_URL,
} from '../../testing/services.js';
import { entryCommand } from '../../testing/spawn-entry.js';
import { XP } from '../identity/identity.schema.js';
import { RESET_STEPS, ResetEngine } from './reset-engine.js';
import { ResetFence } from './reset-fence.js';
import { ResetJournal, type ResetRun } from './reset-journal.js';
import { COGNITIVE_TABLES } from './reset-scope.js';

const CHILD = path.resolve(import.meta.dirname, '../../testing/processes/reset-crash.ts');

const CHILD_TIMEOUT_MS = 300_000;

type Lines = Record<string, Record<string, unknown>>;

/** Runs the child to its end (exit or SIGKILL) and returns its tagged lines. */
async function runChild(
  env: Record<string, string>,
): Promise<{ signal: string | null; lines: Lines }> {
  const child = spawn(...entryCommand(CHILD), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Lines = {};
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const match = /^([A-Z]+) (.*)$/.exec(line);
    if (match?.[1] && match[2]) lines[match[1]] = JSON.parse(match[2]);
  });
  // A child that hangs fails the test with what it said, instead of holding the suite.
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, CHILD_TIMEOUT_MS);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  if (hung) throw new Error(`child hung after ${Object.keys(lines).join(', ')}: ${stderr}`);
  if (signal !== 'SIGKILL' && code !== 0) throw new Error(`child failed (${code}): ${stderr}`);
  return { signal, lines };
}

interface Backend {
  name: string;
  env: Record<string, string>;
  /** The store as this process opens it after the children (the cascade test). */
  open(): ReturnType<typeof openSqlStore>;
  cleanup(): Promise<void>;
}

async function backends(): Promise<Backend[]> {
  const list: Backend[] = [];
  const embedded = await mkdtemp(path.join(tmpdir(), 'agent-reset-crash-'));
  list.push({
    name: 'embedded PGlite, key-value tables',
    env: { RESET_DATA_DIR: embedded },
    open: () => openSqlStore({ dataDir: embedded }),
    cleanup: () => rm(embedded, { recursive: true, force: true }),
  });
  if ((await postgresAvailable()) && (await redisAvailable())) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'agent-reset-crash-pg-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(text).finally(() => client.end());
    };
    await admin(`create schema ${schema}`);
    list.push({
      name: 'PostgreSQL and Redis',
      env: {
        RESET_DATA_DIR: dataDir,
        RESET_DATABASE_URL: TEST_DATABASE_URL,
        RESET_SCHEMA: schema,
        RESET_KV_URL: TEST_KV_URL,
        RESET_KV_PREFIX: prefix,
      },
      open: () => openSqlStore({ dataDir, databaseUrl: TEST_DATABASE_URL, schema }),
      async cleanup() {
        const { RedisKvStore } = await import('../../store/kv/redis-kv-store.js');
        const kv = await RedisKvStore.connect(TEST_KV_URL, prefix);
        await kv.deleteByPattern('*');
        await kv.clearQueues('*');
        await kv.close();
        await admin(`drop schema if exists ${schema}, ${schema}_boss cascade`);
        await rm(dataDir, { recursive: true, force: true });
      },
    });
  }
  return list;
}

const all = await backends();
afterAll(async () => {
  for (const backend of all) await backend.cleanup();
});

/** What the load left, as the next process found it (see the child's LISTENING line). */
interface Marks {
  /** Rows per cognitive table from requests sent before the reset began. */
  prereset: Record<string, number>;
  /** Rows per cognitive table from requests sent once it began (`unmarked`: from nothing else). */
  later: { marked: Record<string, number>; unmarked: Record<string, number> };
  journalHoldsPrereset: boolean;
  /** Traces of requests sent after the reset was done, by request id. */
  postTraces: Record<string, number>;
  /** Answered requests sent once the reset began (each earned its XP). */
  laterAnswered: number;
}

/**
 * What must hold after a reset, whether or not its process was killed on the way: the end state
 * of an uninterrupted run, plus what was answered after it (`acked`, when the process lived on
 * after `done`), each stored once.
 */
function expectResetState(
  label: string,
  before: ResetWorldSnapshot,
  after: ResetWorldSnapshot,
  run: ResetRun,
  marks: Marks,
  acked: string[],
) {
  for (const table of COGNITIVE_TABLES) {
    expect(before.rows[table], `${label}: ${table}`).toBeGreaterThan(0);
    // Nothing made before the reset came back; what is there was made after it began.
    expect(marks.prereset[table], `${label}: ${table}: rows from before the reset`).toBe(0);
    expect(marks.later.unmarked[table], `${label}: ${table}: rows of no request`).toBe(0);
  }
  expect(marks.journalHoldsPrereset, `${label}: the journal holds requests from before`).toBe(
    false,
  );
  for (const id of acked)
    expect(marks.postTraces[id], `${label}: answered after the reset: ${id}`).toBe(1);
  // Between the processes the runtime itself changes two surviving tables (every start makes
  // the accounts follow the environment; the subscription checker stamps its checks): their
  // rows are counted here and compared whole in reset.test.ts, within one process.
  const moving = new Set(['users', 'subscriptions']);
  const steady = (digests: Record<string, string>) =>
    Object.fromEntries(Object.entries(digests).filter(([table]) => !moving.has(table)));
  expect(steady(after.digests)).toEqual(steady(before.digests));
  expect(after.rows.subscriptions).toBe(before.rows.subscriptions);
  expect(after.survivingKv).toEqual(before.survivingKv);
  // Every start writes prime.md from its stored history (the seeded one here); the reset never
  // touches it, which reset.test.ts checks within one process.
  const { 'prime.md': _prime, ...files } = after.files;
  const { 'prime.md': _primeBefore, ...filesBefore } = before.files;
  expect(files).toEqual(filesBefore);
  expect(Object.keys(after.files)).toContain('prime.md');
  expect(after.cognitiveKeys).toBe(0);
  expect(after.cognitiveQueueItems).toBe(0);
  expect(after.pendingConfirmations).toBe(0);
  expect(after.selfModel).toEqual({});
  // Reborn once: at the run's start, whichever process finished it; its XP is only what was
  // answered after it (one per fast-path answer).
  expect(after.identity).toEqual({
    ...before.identity,
    born_at: new Date(run.started_at).toISOString(),
    total_xp: marks.laterAnswered * XP.request,
  });
  expect(after.auditOther).toBe(before.auditOther);
  // Exactly one audit entry for this run, besides those of the runs before it.
  const mine = after.auditResets.filter((entry) => entry.id === `reset:${run.run_id}`);
  expect(mine).toHaveLength(1);
  expect(after.auditResets).toHaveLength(before.auditResets.length + 1);
}

/**
 * The processes of one run of the test, in order. Each that starts a reset seeds what the agent
 * learns, chats with itself throughout, and is killed where `crash` says; one is killed while it
 * finishes the reset the one before it left, and one a moment after it began.
 */
const PROCESSES: Array<{ crash?: string; resumedCrash?: string; killAfterMs?: number }> = [
  { crash: '1' },
  { crash: '2' },
  { crash: '3' },
  { resumedCrash: '4' },
  { crash: '4' },
  { crash: '5' },
  { crash: '6' },
  { crash: 'done' },
  { killAfterMs: 1_500 },
  {},
];

describe.each(all)(
  'Panic Reset killed at every step, with requests in flight ($name)',
  (backend) => {
    it('the next start finishes the reset before it listens; nothing from before it comes back', async () => {
      // The first process seeds the whole world; each next one that lives finishes the reset the
      // one before it left (checked against what an uninterrupted run must leave), then seeds
      // what the agent learns again and is killed. The last one only finishes. The second
      // process waits for its killed predecessor's flag to expire; the later ones are spared that
      // wait (the flag is removed as its expiry would).
      let pending: { runId: string; before: ResetWorldSnapshot; acked: string[] } | null = null;
      for (const [index, spec] of PROCESSES.entries()) {
        const label = `process ${index + 1} (${JSON.stringify(spec)})`;
        const next = await runChild({
          ...backend.env,
          ...(index > 1 ? { RESET_FLAG_EXPIRED: '1' } : {}),
          ...(spec.crash
            ? {
                RESET_SEED: index === 0 ? 'world' : 'cognitive',
                RESET_RUN: '1',
                RESET_LOAD: '1',
                RESET_CRASH_AFTER: spec.crash,
              }
            : {}),
          ...(spec.resumedCrash ? { RESET_CRASH_RESUMED_AFTER: spec.resumedCrash } : {}),
          ...(spec.killAfterMs ? { RESET_KILL_AFTER_MS: String(spec.killAfterMs) } : {}),
        });
        const killed = spec.crash || spec.resumedCrash || spec.killAfterMs;
        expect(next.signal, label).toBe(killed ? 'SIGKILL' : null);
        if (spec.resumedCrash || spec.killAfterMs) continue;
        const listening = next.lines.LISTENING as {
          running: ResetRun | null;
          latest: ResetRun;
          snapshot: ResetWorldSnapshot;
          marks: Marks;
        };
        // The killed run was finished before this process listened.
        expect(listening.running, label).toBeNull();
        if (pending) {
          expect(listening.latest, label).toMatchObject({
            run_id: pending.runId,
            status: 'done',
            step: 6,
          });
          expect(listening.latest.steps.map((s) => s.name)).toEqual([...RESET_STEPS]);
          expectResetState(
            label,
            pending.before,
            listening.snapshot,
            listening.latest,
            listening.marks,
            pending.acked,
          );
        }
        if (spec.crash) {
          const acked = (next.lines.ACKED?.post as string[] | undefined) ?? [];
          if (spec.crash === 'done') expect(acked.length, label).toBeGreaterThanOrEqual(10);
          pending = {
            runId: (next.lines.STARTED as { run_id: string }).run_id,
            before: next.lines.SEEDED?.snapshot as ResetWorldSnapshot,
            acked,
          };
        } else pending = null;
      }
    }, 1_800_000);

    it('a truncate that would cascade into a surviving table fails and wipes nothing', async () => {
      const store = await backend.open();
      try {
        await sql`create table survivor_probe (id text primary key,
        chat_id text references chats (chat_id))`.execute(store.db);
        await sql`insert into chats (chat_id, title) values ('kept', 'kept')`.execute(store.db);
        await sql`insert into survivor_probe values ('p', 'kept')`.execute(store.db);
        const journal = new ResetJournal(store.db);
        const run = await journal.open(ResetEngine.newRunId(), 'test');
        if (!run) throw new Error('a reset is still running');
        const log = { warn() {}, info() {}, error() {} } as never;
        const engine = new ResetEngine({
          sql: store,
          kv: new SqlKvStore(store),
          journal,
          fence: new ResetFence(store.db, log),
          jobsSchema: null,
          log,
        });
        await expect(engine.run(run, () => {})).rejects.toThrow(/foreign key/i);
        const chats = await sql<{ n: number }>`
          select count(*)::int as n from chats where chat_id = 'kept'`.execute(store.db);
        expect(Number(chats.rows[0]?.n)).toBe(1);
        expect((await journal.latest())?.status).toBe('failed');
        await sql`drop table survivor_probe`.execute(store.db);
      } finally {
        await store.close();
      }
    }, 120_000);
  },
);
