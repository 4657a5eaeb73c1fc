import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlKvStore } from '../../store/kv/sql-kv-store.js';
import { PendingWrites } from '../../store/pending-writes.js';
import { openTestSqlStore, sqlTestBackends, type TestSqlStore } from '../../testing/services.js';
import { ConversationRepository } from '../chat/conversation.repository.js';
import { IdentityService } from '../identity/identity.service.js';
import { ResetFence } from '../reset/reset-fence.js';
import { ExchangeJournal, type RequestRecord } from './exchange-journal.js';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

function record(marker: string, at = new Date().toISOString()): RequestRecord {
  const requestId = `req-${marker}`;
  return {
    trace: {
      request_id: requestId,
      chat_id: `chat-${marker}`,
      created_at: at,
      tier: 'fast_path',
      status: 'ok',
      latency_ms: 1,
      model: null,
      tokens: { input: 0, output: 0, total: 0 },
      cost_usd: null,
      guard_chain: [],
      steps: [],
      memory_items: [],
      input: `question ${marker}`,
      reply: `answer ${marker}`,
      error: null,
    },
    exchange: {
      request_id: requestId,
      chat_id: `chat-${marker}`,
      user_id: `u-${marker}`,
      reply_id: `a-${marker}`,
      user_text: `question ${marker}`,
      reply_text: `answer ${marker}`,
      at,
    },
    xp: 1,
  };
}

/** Everything a reset wipes that these records reach, as text: what a marker is searched in. */
async function storedText(store: TestSqlStore): Promise<string> {
  const rows = await sql<{ row: string }>`
    select row_to_json(t)::text as row from traces t
    union all select row_to_json(m)::text from chat_messages m
    union all select row_to_json(c)::text from chats c`.execute(store.db);
  return rows.rows.map((r) => r.row).join('\n');
}

async function totalXp(store: TestSqlStore): Promise<number> {
  const row = await sql<{ total_xp: number }>`select total_xp from identity where id = 1`.execute(
    store.db,
  );
  return Number(row.rows[0]?.total_xp);
}

async function journalText(dir: string): Promise<string> {
  const files = await readdir(dir);
  return (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).join('');
}

/** The wipe as step 1 does it: the fence advanced in a transaction that truncates the tables. */
async function wipe(store: TestSqlStore, fence: ResetFence): Promise<void> {
  const epoch = await store.db.transaction().execute(async (trx) => {
    const next = await ResetFence.advance(trx);
    await sql`truncate traces, chat_messages, chats`.execute(trx);
    return next;
  });
  await fence.learn(epoch);
}

const backends = await sqlTestBackends();

describe.each(backends)('the exchange journal behind the reset fence (%s)', (backend) => {
  let store: TestSqlStore;
  let dir: string;
  const opened: ExchangeJournal[] = [];

  const open = async (fence: ResetFence) => {
    const pending = new PendingWrites();
    const kv = new SqlKvStore(store);
    const identity = new IdentityService(store.db, kv, pending);
    await identity.ensure();
    const journal = await ExchangeJournal.open({
      db: store.db,
      conversations: new ConversationRepository(store.db, pending, kv),
      journalDir: dir,
      logger: silent,
      pendingWrites: pending,
      fence,
      // Rows wait in the buffer until flushed, as they would under a slow database.
      flushIntervalMs: 3_600_000,
    });
    opened.push(journal);
    return journal;
  };
  const newFence = async () => {
    // As the runtime makes it: the embedded store's single session needs no row lock.
    const fence = new ResetFence(store.db, silent, backend !== 'pglite');
    await fence.refresh();
    return fence;
  };

  beforeAll(async () => {
    store = await openTestSqlStore(backend);
  }, 60_000);
  afterAll(async () => {
    for (const journal of opened) await journal.close().catch(() => {});
    await store.destroy();
  });

  it('drops what it held from before a wipe, from the buffer and from disk, and keeps what came after', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fence-journal-'));
    const fence = await newFence();
    const journal = await open(fence);
    await journal.record(record('before-wipe'));
    expect(await journalText(dir)).toContain('before-wipe');
    expect(journal.pending).toBe(1);

    await wipe(store, fence);
    expect(journal.pending).toBe(0);
    expect(await journalText(dir)).not.toContain('before-wipe');

    await journal.record(record('after-wipe'));
    await journal.flush();
    const text = await storedText(store);
    expect(text).toContain('after-wipe');
    expect(text).not.toContain('before-wipe');
    await journal.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a batch stamped before the wipe when the process had not heard of it yet', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fence-journal-'));
    // Another replica's wipe: this process still stamps the old epoch.
    const stale = await newFence();
    const journal = await open(stale);
    await journal.record(record('stale-replica'));
    const other = await newFence();
    await wipe(store, other);
    await journal.flush();
    expect(await storedText(store)).not.toContain('stale-replica');
    await journal.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('replays a journal a crash left, except the lines made before a later wipe', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fence-journal-'));
    const fence = await newFence();
    const lines = [
      { ...record('old-epoch'), epoch: fence.epoch - 1 },
      { ...record('this-epoch'), epoch: fence.epoch },
      // Lines journaled before records carried an epoch are judged by their time.
      record('legacy-before', '2000-01-01T00:00:00.000Z'),
      record('legacy-after', new Date(Date.now() + 60_000).toISOString()),
    ];
    await writeFile(
      path.join(dir, `0-1-crash.ndjson`),
      lines.map((line) => `${JSON.stringify(line)}\n`).join(''),
    );
    const journal = await open(fence);
    const text = await storedText(store);
    expect(text).toContain('this-epoch');
    expect(text).toContain('legacy-after');
    expect(text).not.toContain('old-epoch');
    expect(text).not.toContain('legacy-before');
    // The replayed file is gone.
    expect(await journalText(dir)).toBe('');
    await journal.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores each request once when a journal is replayed twice, and names a chat after what it kept', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fence-journal-'));
    const fence = await newFence();
    // A chat's first line is from before a wipe, its second from after it.
    const inChat = (marker: string, epoch: number) => {
      const made = record(marker);
      const chat = { chat_id: 'chat-replayed-twice' };
      return {
        ...made,
        trace: { ...made.trace, ...chat },
        exchange: made.exchange && { ...made.exchange, ...chat },
        xp: 5,
        epoch,
      };
    };
    const crashFile = path.join(dir, '0-1-crash.ndjson');
    const lines = [inChat('wiped-question', fence.epoch - 1), inChat('kept-question', fence.epoch)];
    const journalLines = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    const xpBefore = await totalXp(store);
    await writeFile(crashFile, journalLines);
    await (await open(fence)).close();
    // The same file again, as if the process died before it deleted it.
    await writeFile(crashFile, journalLines);
    await (await open(fence)).close();

    const chat = await sql<{ title: string; message_count: number }>`
      select title, message_count from chats where chat_id = 'chat-replayed-twice'`.execute(
      store.db,
    );
    expect(chat.rows).toEqual([{ title: 'question kept-question', message_count: 2 }]);
    const traces = await sql<{ n: number }>`
      select count(*)::int as n from traces where chat_id = 'chat-replayed-twice'`.execute(
      store.db,
    );
    expect(traces.rows[0]?.n).toBe(1);
    expect((await totalXp(store)) - xpBefore).toBe(5);
    expect(await storedText(store)).not.toContain('wiped-question');
    await rm(dir, { recursive: true, force: true });
  });
});

// On PostgreSQL the row lock orders a batch and a wipe; on the embedded store, whose one session
// runs one transaction at a time, the unlocked read is ordered the same way.
describe.each(backends)('the reset fence between transactions (%s)', (backend) => {
  const lock = backend !== 'pglite';
  let store: TestSqlStore;
  beforeAll(async () => {
    store = await openTestSqlStore(backend);
  }, 60_000);
  afterAll(() => store.destroy());

  /** Runs `body` in a transaction that stays open until the returned release is called. */
  const openTransaction = async <T>(body: (trx: typeof store.db) => Promise<T>) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let result!: T;
    const ready = new Promise<void>((resolve) => {
      void store.db.transaction().execute(async (trx) => {
        result = await body(trx);
        resolve();
        await released;
      });
    });
    await ready;
    return { result: () => result, release };
  };
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 300)),
    ]);

  it('a wipe waits for a batch that read the fence before it, so that batch is wiped too', async () => {
    const batch = await openTransaction((trx) => ResetFence.hold(trx, lock));
    const advancing = store.db.transaction().execute((trx) => ResetFence.advance(trx));
    expect(await settled(advancing)).toBe(false);
    batch.release();
    expect(await advancing).toBe(batch.result().epoch + 1);
  });

  it('a batch that reads the fence while a wipe holds it waits, then reads the new epoch', async () => {
    const before = await store.db.transaction().execute((trx) => ResetFence.hold(trx, lock));
    const wipe = await openTransaction((trx) => ResetFence.advance(trx));
    const reading = store.db.transaction().execute((trx) => ResetFence.hold(trx, lock));
    expect(await settled(reading)).toBe(false);
    wipe.release();
    expect((await reading).epoch).toBe(before.epoch + 1);
  });
});
