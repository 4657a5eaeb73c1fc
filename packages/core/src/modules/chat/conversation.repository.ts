import { type Kysely, type Selectable, sql } from 'kysely';
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
   * current, in the caller's transaction. Ids and times come with the exchange, so storing one
   * twice (a journal replayed after a crash) adds nothing. A request that failed or was
   * cancelled stores nothing: its trace tells what happened, and the next request's context
   * does not carry a question left hanging. Returns the messages it added, for `remember` once
   * the caller's transaction has committed.
   */
  async appendExchanges(
    exchanges: Exchange[],
    db: Kysely<Database> = this.db,
  ): Promise<StoredMessages> {
    const byChat: StoredMessages = new Map();
    if (exchanges.length === 0) return byChat;
    const message = (exchange: Exchange, role: ChatMessage['role']) => ({
      id: role === 'user' ? exchange.user_id : exchange.reply_id,
      chat_id: exchange.chat_id,
      role,
      content: role === 'user' ? exchange.user_text : exchange.reply_text,
      request_id: exchange.request_id,
      tokens: estimateTokens(role === 'user' ? exchange.user_text : exchange.reply_text),
      created_at: exchange.at ?? null,
    });
    // The question's id sorts before its answer's, so the pair keeps its order at equal times.
    const rows = exchanges.flatMap((e) => [message(e, 'user'), message(e, 'assistant')]);
    const { rows: stored } = await sql<{ id: string; created_at: string }>`
      insert into chat_messages (id, chat_id, role, content, request_id, tokens, created_at)
      select id, chat_id, role, content, request_id, tokens, coalesce(created_at, clock_timestamp())
      from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as r(id text, chat_id text, role text,
        content text, request_id text, tokens integer, created_at timestamptz)
      on conflict (id) do nothing
      returning id, ${isoMicros('created_at')} as created_at`.execute(db);
    const storedAt = new Map(stored.map((row) => [row.id, row.created_at]));
    for (const row of rows) {
      const createdAt = storedAt.get(row.id);
      if (createdAt === undefined) continue;
      const { id, role, content, request_id, tokens } = row;
      const list = byChat.get(row.chat_id) ?? [];
      list.push({ id, role, content, request_id, tokens, created_at: createdAt });
      byChat.set(row.chat_id, list);
    }
    const chats = [...byChat].map(([chatId, added]) => {
      const own = exchanges.filter((e) => e.chat_id === chatId);
      const first = own[0] as Exchange;
      const title = first.user_text.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) || chatId;
      return {
        chat_id: chatId,
        title,
        message_count: added.length,
        ...(first.at ? { created_at: new Date(first.at) } : {}),
        ...(first.at
          ? { updated_at: new Date((own[own.length - 1] as Exchange).at ?? first.at) }
          : {}),
      };
    });
    if (chats.length === 0) return byChat;
    await db
      .insertInto('chats')
      .values(chats)
      .onConflict((oc) =>
        oc.column('chat_id').doUpdateSet({
          message_count: sql`chats.message_count + excluded.message_count`,
          updated_at: sql`greatest(chats.updated_at, excluded.updated_at)`,
        }),
      )
      .execute();
    return byChat;
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
