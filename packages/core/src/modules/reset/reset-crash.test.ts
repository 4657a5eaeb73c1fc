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
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  if (signal === 'SIGKILL' && !lines.STARTED && Object.keys(lines).length < 3)
    throw new Error(`child hung after ${Object.keys(lines).join(', ')}: ${stderr}`);
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

/** What must hold after a reset, whether or not its process was killed on the way. */
function expectResetState(before: ResetWorldSnapshot, after: ResetWorldSnapshot, run: ResetRun) {
  for (const table of COGNITIVE_TABLES) {
    expect(before.rows[table], table).toBeGreaterThan(0);
    expect(after.rows[table], table).toBe(0);
  }
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
  // Reborn once: at the run's start, whichever process finished it.
  expect(after.identity).toEqual({
    ...before.identity,
    born_at: new Date(run.started_at).toISOString(),
    total_xp: 0,
  });
  expect(after.auditOther).toBe(before.auditOther);
  // Exactly one audit entry for this run, besides those of the runs before it.
  const mine = after.auditResets.filter((entry) => entry.id === `reset:${run.run_id}`);
  expect(mine).toHaveLength(1);
  expect(after.auditResets).toHaveLength(before.auditResets.length + 1);
}

describe.each(all)('Panic Reset killed after each step ($name)', (backend) => {
  it('the next start finishes the reset before it listens; the end state equals an uninterrupted run', async () => {
    // The first process seeds the whole world; each next one finishes the reset the one before
    // it left (checked against what an uninterrupted run must leave), then seeds what the agent
    // learns again and is killed after the next step. The last one only finishes. The second
    // process waits for its killed predecessor's flag to expire; the later ones are spared that
    // wait (the flag is removed as its expiry would).
    let previous: { lines: Lines } | null = null;
    for (let step = 1; step <= RESET_STEPS.length + 1; step += 1) {
      const crash = step <= RESET_STEPS.length;
      const next = await runChild({
        ...backend.env,
        ...(step > 2 ? { RESET_FLAG_EXPIRED: '1' } : {}),
        ...(crash
          ? {
              RESET_SEED: step === 1 ? 'world' : 'cognitive',
              RESET_RUN: '1',
              RESET_CRASH_AFTER: String(step),
            }
          : {}),
      });
      expect(next.signal, `step ${step}`).toBe(crash ? 'SIGKILL' : null);
      const listening = next.lines.LISTENING as {
        running: ResetRun | null;
        latest: ResetRun;
        snapshot: ResetWorldSnapshot;
      };
      // The killed run was finished before this process listened.
      expect(listening.running).toBeNull();
      if (previous) {
        const killed = (previous.lines.STARTED as { run_id: string }).run_id;
        expect(listening.latest).toMatchObject({ run_id: killed, status: 'done', step: 6 });
        expect(listening.latest.steps.map((s) => s.name)).toEqual([...RESET_STEPS]);
        const before = previous.lines.SEEDED?.snapshot as ResetWorldSnapshot;
        expectResetState(before, listening.snapshot, listening.latest);
      }
      if (crash) expect(next.lines.STARTED).toBeDefined();
      previous = { lines: next.lines };
    }
  }, 1_200_000);

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
      const chats = await sql<{ n: number }>`select count(*)::int as n from chats`.execute(
        store.db,
      );
      expect(Number(chats.rows[0]?.n)).toBe(1);
      expect((await journal.latest())?.status).toBe('failed');
      await sql`drop table survivor_probe`.execute(store.db);
    } finally {
      await store.close();
    }
  }, 120_000);
});
