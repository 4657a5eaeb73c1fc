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
  type StoredMessageRow,
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
        let stale = 0;
        const added = await db.transaction().execute(async (trx) => {
          const reading = await ResetFence.hold(trx, fence.locks);
          const batch = all.filter(
            (record) => !ResetFence.isStale(reading, record.epoch, record.trace.created_at),
          );
          stale = all.length - batch.length;
          if (batch.length === 0) return new Map();
          // One statement: the traces not stored yet, then only those requests' messages,
          // chats and XP (a replayed request whose trace is stored adds nothing).
          const exchanges = batch.flatMap(({ exchange }) => {
            if (!exchange) return [];
            const { at, ...rest } = exchange;
            return [replayed ? exchange : rest];
          });
          const xp = batch.map(({ trace, xp }) => ({ request_id: trace.request_id, xp }));
          const writes = exchangeWrites(exchanges, sql`select request_id from stored_traces`);
          const { rows } = await sql<StoredMessageRow>`
            with stored_traces as (${insertTraces(
              batch.map(({ trace: { created_at, ...trace } }) =>
                replayed ? { ...trace, created_at } : trace,
              ),
            )}),
            ${writes.ctes},
            added_xp as (${addXpSql(sql`select sum(x.xp)::integer
              from jsonb_to_recordset(${jsonRows(xp)}::jsonb) as x(request_id text, xp integer)
              where x.request_id in (select request_id from stored_traces)`)})
            select id, created_at from stored_messages`.execute(trx);
          return writes.stored(rows);
        });
        conversations.remember(added);
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
