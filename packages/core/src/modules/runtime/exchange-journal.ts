import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../store/database.js';
import type { PendingWrites } from '../../store/pending-writes.js';
import { WriteBehind } from '../../store/write-behind.js';
import type { ConversationRepository, Exchange } from '../chat/conversation.repository.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { NewTrace, TracesRepository } from '../traces/traces.repository.js';
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

const recordLine = z.object({
  trace: traceSchema.extend({
    tokens: tokensSchema,
    guard_chain: z.array(guardEntrySchema),
    steps: z.array(stepSchema),
    memory_items: z.array(z.string()).optional(),
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
});

export interface ExchangeJournalOptions {
  db: Kysely<Database>;
  traces: TracesRepository;
  conversations: ConversationRepository;
  identity: IdentityService;
  journalDir: string;
  logger: FastifyBaseLogger;
  pendingWrites: PendingWrites;
  flushIntervalMs?: number;
}

/**
 * The request path's durable writes (trace, conversation rows, XP) go through a synced journal
 * before the reply and into the database in batches after it: one transaction per batch, a
 * multi-row insert per table, the XP of the whole batch in one update. The trace is the batch's
 * key: a request whose trace is already stored (a journal replayed twice) adds nothing else.
 */
export class ExchangeJournal {
  private constructor(private readonly writer: WriteBehind<RequestRecord>) {}

  static async open(options: ExchangeJournalOptions): Promise<ExchangeJournal> {
    const { db, traces, conversations, identity } = options;
    const writer = await WriteBehind.open<RequestRecord>({
      name: 'exchange',
      journalDir: options.journalDir,
      logger: options.logger,
      sync: true,
      scopeOf: (record) => record.trace.chat_id,
      ...(options.flushIntervalMs ? { flushIntervalMs: options.flushIntervalMs } : {}),
      parse: (value) => {
        const parsed = recordLine.safeParse(value);
        return parsed.success ? (parsed.data as RequestRecord) : null;
      },
      // Live rows take the database's clock, so traces and messages enter their tables in
      // created_at order and keyset pages never miss one; replayed rows keep their own time.
      apply: async (batch, replayed) => {
        const added = await db.transaction().execute(async (trx) => {
          const stored = await traces.insertMany(
            batch.map(({ trace: { created_at, ...trace } }) =>
              replayed ? { ...trace, created_at } : trace,
            ),
            trx,
          );
          const fresh = batch.filter((record) => stored.has(record.trace.request_id));
          const messages = await conversations.appendExchanges(
            fresh.flatMap(({ exchange }) => {
              if (!exchange) return [];
              const { at, ...rest } = exchange;
              return [replayed ? exchange : rest];
            }),
            trx,
          );
          await identity.addXp(
            fresh.reduce((sum, record) => sum + record.xp, 0),
            trx,
          );
          return messages;
        });
        conversations.remember(added);
      },
    });
    const journal = new ExchangeJournal(writer);
    options.pendingWrites.register(['traces', 'chat_messages', 'chats', 'identity'], writer);
    return journal;
  }

  /** Resolves once the record is in the synced journal: from then on a crash cannot lose it. */
  record(record: RequestRecord): Promise<void> {
    this.writer.append(record);
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
