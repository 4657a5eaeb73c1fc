import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { jsonRows } from '../../store/json-rows.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { containsPattern } from '../../store/like.js';
import type { PendingWrites } from '../../store/pending-writes.js';
import { isoMicros } from '../../store/sql-time.js';
import { estimateTokens } from '../runtime/tokens.js';
import type { ChatsTable } from './chat.tables.js';
import { ChatHistoryCache, type LoadedHistory } from './chat-history-cache.js';
import { type ChatOrigin, chatOrigin, originFilter } from './chat-origin.js';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  request_id: string | null;
  created_at: string;
}

export interface ChatSummary {
  chat_id: string;
  origin: ChatOrigin;
  title: string;
  message_count: number;
  created_at: string;
  updated_at: string;
}

/** One answered request's pair of messages, as the exchange journal carries it. */
export interface Exchange {
  request_id: string;
  chat_id: string;
  user_id: string;
  reply_id: string;
  user_text: string;
  reply_text: string;
  /** When it was answered (ISO); the database's clock when absent. */
  at?: string;
}

/** A message as history reads it: with its token estimate. */
type StoredMessage = ChatMessage & { tokens: number };

/** Messages a transaction stored, per chat and oldest first, for `remember` once it commits. */
export type StoredMessages = Map<string, StoredMessage[]>;

const TITLE_CHARS = 80;
/** History is read in pages of this many messages until the token budget is spent. */
const HISTORY_PAGE = 50;

/** A message row a statement with `exchangeWrites` stored. */
export interface StoredMessageRow {
  id: string;
  created_at: string;
}

const messageRows = (exchanges: Exchange[]) =>
  // The question's id sorts before its answer's, so the pair keeps its order at equal times.
  exchanges.flatMap((exchange) =>
    (['user', 'assistant'] as const).map((role) => {
      const content = role === 'user' ? exchange.user_text : exchange.reply_text;
      return {
        id: role === 'user' ? exchange.user_id : exchange.reply_id,
        chat_id: exchange.chat_id,
        role,
        content,
        request_id: exchange.request_id,
        tokens: estimateTokens(content),
        created_at: exchange.at ?? null,
      };
    }),
  );

/**
 * The writes of `appendExchanges` as the common table expressions `stored_messages` (id,
 * chat_id, request_id, created_at of each message stored) and `stored_chats`, for a statement
 * of the caller's (the exchange journal's batch, which stores the exchanges of the requests
 * `only` selects). A chat's row counts the messages stored; a new chat is titled after its
 * first exchange stored, and takes its times from the exchanges stored (the database's clock
 * for live ones). `stored` groups the rows of stored_messages the statement returned.
 */
export function exchangeWrites(
  exchanges: Exchange[],
  only?: RawBuilder<unknown>,
): { ctes: RawBuilder<unknown>; stored(rows: StoredMessageRow[]): StoredMessages } {
  const messages = messageRows(exchanges);
  const chats = exchanges.map((exchange, order) => ({
    chat_id: exchange.chat_id,
    request_id: exchange.request_id,
    order,
    title: exchange.user_text.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) || exchange.chat_id,
    at: exchange.at ?? null,
  }));
  const ctes = sql`stored_messages as (
      insert into chat_messages (id, chat_id, role, content, request_id, tokens, created_at)
      select id, chat_id, role, content, request_id, tokens, coalesce(created_at, clock_timestamp())
      from jsonb_to_recordset(${jsonRows(messages)}::jsonb) as r(id text,
        chat_id text, role text, content text, request_id text, tokens integer,
        created_at timestamptz)
      ${only ? sql`where r.request_id in (${only})` : sql``}
      on conflict (id) do nothing
      returning id, chat_id, request_id, ${isoMicros('created_at')} as created_at),
    stored_chats as (
      insert into chats (chat_id, title, message_count, created_at, updated_at)
      select e.chat_id, (array_agg(e.title order by e."order"))[1],
        (select count(*) from stored_messages m where m.chat_id = e.chat_id),
        coalesce((array_agg(e.at order by e."order"))[1], clock_timestamp()),
        coalesce((array_agg(e.at order by e."order" desc))[1], clock_timestamp())
      from jsonb_to_recordset(${jsonRows(chats)}::jsonb) as e(chat_id text, request_id text,
        "order" integer, title text, at timestamptz)
      where e.request_id in (select request_id from stored_messages)
      group by e.chat_id
      on conflict (chat_id) do update set
        message_count = chats.message_count + excluded.message_count,
        updated_at = greatest(chats.updated_at, excluded.updated_at))`;
  return {
    ctes,
    stored(rows) {
      const storedAt = new Map(rows.map((row) => [row.id, row.created_at]));
      const byChat: StoredMessages = new Map();
      for (const { chat_id, created_at: _, ...message } of messages) {
        const createdAt = storedAt.get(message.id);
        if (createdAt === undefined) continue;
        const list = byChat.get(chat_id) ?? [];
        list.push({ ...message, created_at: createdAt });
        byChat.set(chat_id, list);
      }
      return byChat;
    },
  };
}

/** Conversations per chat_id: the messages, and a summary row for the chat list. */
export class ConversationRepository {
  /** Recent chats' latest messages: a running conversation reads its context without a query. */
  private readonly recent: ChatHistoryCache<StoredMessage>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pending: PendingWrites,
    kv: KvStore,
  ) {
    this.recent = new ChatHistoryCache(kv, async (limit) =>
      (await this.db.selectFrom('chats').select('chat_id').limit(limit).execute()).map(
        (row) => row.chat_id,
      ),
    );
  }

  /**
   * Stores answered exchanges (texts already redacted) and keeps each chat's summary row
   * current, in one statement, in the caller's transaction. Ids and times come with the
   * exchange, so storing one twice (a journal replayed after a crash) adds nothing. A request
   * that failed or was cancelled stores nothing: its trace tells what happened, and the next
   * request's context does not carry a question left hanging. Returns the messages it added,
   * for `remember` once the caller's transaction has committed.
   */
  async appendExchanges(
    exchanges: Exchange[],
    db: Kysely<Database> = this.db,
  ): Promise<StoredMessages> {
    if (exchanges.length === 0) return new Map();
    const writes = exchangeWrites(exchanges);
    const { rows } = await sql<StoredMessageRow>`
      with ${writes.ctes} select id, created_at from stored_messages`.execute(db);
    return writes.stored(rows);
  }

  /** Once the transaction that stored them has committed: cached histories grow by them. */
  remember(stored: StoredMessages): void {
    this.recent.appended(stored);
  }

  /** Drops the cached histories (a Panic Reset wiped the messages). */
  forgetRecent(): void {
    this.recent.clear();
  }

  /** The latest messages that fit in the token budget, oldest first (the model's context). */
  async history(chatId: string, tokenBudget: number): Promise<ChatMessage[]> {
    await this.pending.settle('chat_messages', chatId);
    const picked = await this.recent.read(chatId, tokenBudget, () =>
      this.latest(chatId, tokenBudget),
    );
    return picked.map(toMessage);
  }

  /** The newest messages until one goes past `tokenBudget` (it included), oldest first. */
  private async latest(chatId: string, tokenBudget: number): Promise<LoadedHistory<StoredMessage>> {
    const newestFirst: StoredMessage[] = [];
    let spent = 0;
    let before: { created_at: string; id: string } | null = null;
    for (;;) {
      let query = this.db
        .selectFrom('chat_messages')
        .select([
          'id',
          'role',
          'content',
          'request_id',
          'tokens',
          isoMicros('created_at').as('created_at'),
        ])
        .where('chat_id', '=', chatId)
        .orderBy('chat_messages.created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(HISTORY_PAGE);
      if (before) {
        const { created_at, id } = before;
        query = query.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('created_at', 'id'), '<', tuple(sql<Date>`${created_at}::timestamptz`, id)),
        );
      }
      const rows = await query.execute();
      for (const row of rows) {
        newestFirst.push(row);
        spent += row.tokens;
        if (spent > tokenBudget) return { messages: newestFirst.reverse(), complete: false };
      }
      const last = rows[rows.length - 1];
      if (rows.length < HISTORY_PAGE || !last)
        return { messages: newestFirst.reverse(), complete: true };
      before = { created_at: last.created_at, id: last.id };
    }
  }

  async messages(chatId: string, limit: number): Promise<ChatMessage[]> {
    await this.pending.settle('chat_messages', chatId);
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(['id', 'role', 'content', 'request_id', isoMicros('created_at').as('created_at')])
      .where('chat_id', '=', chatId)
      .orderBy('chat_messages.created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toMessage).reverse();
  }

  /**
   * Chats whose id contains `text` (any case), most recently active first. Titles are left to
   * the goals' and traces' own sources, which open the record the text is about.
   */
  async findChats(text: string, limit: number): Promise<ChatSummary[]> {
    await this.pending.settle('chats');
    const rows = await this.db
      .selectFrom('chats')
      .selectAll()
      .where('chat_id', 'ilike', containsPattern(text))
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  /** Most recently active first; only those of one origin when it is given. */
  async chats(limit: number, origin?: ChatOrigin): Promise<ChatSummary[]> {
    await this.pending.settle('chats');
    let query = this.db.selectFrom('chats').selectAll();
    if (origin) query = query.where(originFilter(origin));
    const rows = await query.orderBy('updated_at', 'desc').limit(limit).execute();
    return rows.map(toSummary);
  }
}

function toSummary(row: Selectable<ChatsTable>): ChatSummary {
  return {
    chat_id: row.chat_id,
    origin: chatOrigin(row.chat_id),
    title: row.title,
    message_count: row.message_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function toMessage(row: ChatMessage): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    request_id: row.request_id,
    created_at: row.created_at,
  };
}
