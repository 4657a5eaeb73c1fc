import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../store/database.js';
import { jsonRows } from '../../store/json-rows.js';
import type { PendingWrites } from '../../store/pending-writes.js';
import { WriteBehind } from '../../store/write-behind.js';
import {
  type ConversationRepository,
  type Exchange,
  exchangeWrites,
} from '../chat/conversation.repository.js';
import { addXpSql } from '../identity/identity.service.js';
import { ResetFence } from '../reset/reset-fence.js';
import { insertTraces, type NewTrace } from '../traces/traces.repository.js';
import {
  guardEntrySchema,
  stepSchema,
  tokensSchema,
  traceSchema,
} from '../traces/traces.schema.js';

/** What one finished request leaves behind: its trace always; its exchange and XP when answered. */
export interface RequestRecord {
  trace: NewTrace & { created_at: string };
  exchange: Exchange | null;
  xp: number;
}

/** A record as journaled: stamped with the reset epoch it was made in. */
type JournaledRecord = RequestRecord & {
  /** Absent in lines journaled before records carried it (judged by their time instead). */
  epoch?: number;
};

const recordLine = z.object({
  trace: traceSchema.extend({
    tokens: tokensSchema,
    guard_chain: z.array(guardEntrySchema),
    steps: z.array(stepSchema),
    memory_items: z.array(z.string()).optional(),
    otel_trace_id: z.string().nullable().optional(),
  }),
  exchange: z
    .object({
      request_id: z.string(),
      chat_id: z.string(),
      user_id: z.string(),
      reply_id: z.string(),
      user_text: z.string(),
      reply_text: z.string(),
      at: z.string(),
    })
    .nullable(),
  xp: z.number().int().min(0),
  epoch: z.number().int().min(0).optional(),
});

/** A row of the batch statement: a message it stored, or (the last) how many records were stale. */
type BatchRow =
  | { id: string; created_at: string; stale: null }
  | { id: null; created_at: null; stale: number };

/**
 * A batch's writes as one statement: the records of the epoch behind the fence, then the
 * traces of those not stored yet, then only those requests' messages, chats and XP (a replayed
 * request whose trace is stored adds nothing). Returns the messages stored and, in a last row,
 * the number of records from before a wipe.
 */
function storeBatch(all: JournaledRecord[], replayed: boolean) {
  const exchanges = all.flatMap(({ exchange }) => {
    if (!exchange) return [];
    const { at, ...rest } = exchange;
    return [replayed ? exchange : rest];
  });
  const records = all.map(({ trace, epoch, xp }) => ({
    request_id: trace.request_id,
    epoch: epoch ?? null,
    made_at: trace.created_at,
    xp,
  }));
  const traces = all.map(({ trace: { created_at, ...trace } }) =>
    replayed ? { ...trace, created_at } : trace,
  );
  const writes = exchangeWrites(exchanges, sql`select request_id from stored_traces`);
  const query = sql<BatchRow>`
    with fence as (${ResetFence.row}),
    kept as (
      select r.request_id, r.xp
      from jsonb_to_recordset(${jsonRows(records)}::jsonb) as r(request_id text, epoch bigint,
        made_at timestamptz, xp integer)
      cross join fence
      where not ${ResetFence.stale(sql`r.epoch`, sql`r.made_at`)}),
    stored_traces as (${insertTraces(traces, sql`select request_id from kept`)}),
    ${writes.ctes},
    added_xp as (${addXpSql(sql`select sum(xp)::integer from kept
      where request_id in (select request_id from stored_traces)`)})
    select id, created_at, null::integer as stale from stored_messages
    union all
    select null, null, ${all.length}::integer - (select count(*)::integer from kept)`;
  return {
    execute: (db: Kysely<Database>) => query.execute(db),
    stored: (rows: BatchRow[]) =>
      writes.stored(rows.flatMap((row) => (row.id === null ? [] : [row]))),
  };
}

export interface ExchangeJournalOptions {
  db: Kysely<Database>;
  conversations: ConversationRepository;
  journalDir: string;
  /** This replica's name: journals of several replicas may share one folder. */
  owner?: string;
  logger: FastifyBaseLogger;
  pendingWrites: PendingWrites;
  /** Records made before a Panic Reset are never stored after it, nor kept on disk. */
  fence: ResetFence;
  flushIntervalMs?: number;
}

/**
 * The request path's durable writes (trace, conversation rows, XP) go through a synced journal
 * before the reply and into the database in batches after it: one transaction per batch, a
 * multi-row insert per table, the XP of the whole batch in one update. The trace is the batch's
 * key: a request whose trace is already stored (a journal replayed twice) adds nothing else.
 * Each record carries the reset epoch it was made in; a batch stores only the records of the
 * epoch its transaction reads behind the fence (see ResetFence).
 */
export class ExchangeJournal {
  private constructor(
    private readonly writer: WriteBehind<JournaledRecord>,
    private readonly fence: ResetFence,
  ) {}

  static async open(options: ExchangeJournalOptions): Promise<ExchangeJournal> {
    const { db, conversations, fence, logger } = options;
    const writer = await WriteBehind.open<JournaledRecord>({
      name: 'exchange',
      journalDir: options.journalDir,
      ...(options.owner ? { owner: options.owner } : {}),
      logger: options.logger,
      sync: true,
      scopeOf: (record) => record.trace.chat_id,
      ...(options.flushIntervalMs ? { flushIntervalMs: options.flushIntervalMs } : {}),
      parse: (value) => {
        const parsed = recordLine.safeParse(value);
        return parsed.success ? (parsed.data as JournaledRecord) : null;
      },
      // Live rows take the database's clock, so traces and messages enter their tables in
      // created_at order and keyset pages never miss one; replayed rows keep their own time.
      apply: async (all, replayed) => {
        const batch = storeBatch(all, replayed);
        // One statement is atomic on its own. Where replicas share the database, the fence is
        // share-locked first, in the statement's transaction, so that no wipe commits between
        // the read and the commit (see ResetFence); the embedded store's one session runs one
        // statement at a time.
        const { rows } = fence.locks
          ? await db.transaction().execute(async (trx) => {
              await ResetFence.hold(trx, true);
              return batch.execute(trx);
            })
          : await batch.execute(db);
        conversations.remember(batch.stored(rows));
        const stale = rows.find((row) => row.stale !== null)?.stale ?? 0;
        if (stale > 0)
          logger.warn({ records: stale }, 'records made before a Panic Reset dropped, not stored');
      },
    });
    const journal = new ExchangeJournal(writer, fence);
    options.pendingWrites.register(['traces', 'chat_messages', 'chats', 'identity'], writer);
    // Once this process knows of a wipe, what it holds from before it leaves the buffer and disk.
    fence.onAdvance(async (epoch) => {
      const dropped = await writer.discard((record) => (record.epoch ?? 0) < epoch);
      if (dropped > 0)
        logger.info({ records: dropped }, 'records made before a Panic Reset dropped');
    });
    return journal;
  }

  /** Resolves once the record is in the synced journal: from then on a crash cannot lose it. */
  record(record: RequestRecord): Promise<void> {
    this.writer.append({ ...record, epoch: this.fence.epoch });
    return this.writer.journaled();
  }

  get pending(): number {
    return this.writer.pending;
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
