import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import { estimateTokens } from '../runtime/tokens.js';
import './chat.tables.js';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  request_id: string | null;
  created_at: string;
}

export interface ChatSummary {
  chat_id: string;
  title: string;
  message_count: number;
  created_at: string;
  updated_at: string;
}

const TITLE_CHARS = 80;
/** History is read in pages of this many messages until the token budget is spent. */
const HISTORY_PAGE = 50;

/** Conversations per chat_id: the messages, and a summary row for the chat list. */
export class ConversationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores one exchange (both texts already redacted) in one transaction, and keeps the chat's
   * summary row current. A request that failed or was cancelled stores nothing: its trace
   * tells what happened, and the next request's context does not carry a question left hanging.
   */
  async appendExchange(
    chatId: string,
    userText: string,
    replyText: string,
    requestId: string,
  ): Promise<void> {
    const title = userText.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) || chatId;
    const message = (role: ChatMessage['role'], content: string) => ({
      id: uuidv7(),
      chat_id: chatId,
      role,
      content,
      request_id: requestId,
      tokens: estimateTokens(content),
    });
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('chats')
        .values({ chat_id: chatId, title, message_count: 2 })
        .onConflict((oc) =>
          oc.column('chat_id').doUpdateSet({
            message_count: sql`chats.message_count + 2`,
            updated_at: sql`clock_timestamp()`,
          }),
        )
        .execute();
      // One statement, ids in order, so the question sorts before its answer.
      await trx
        .insertInto('chat_messages')
        .values([message('user', userText), message('assistant', replyText)])
        .execute();
    });
  }

  /** The latest messages that fit in the token budget, oldest first (the model's context). */
  async history(chatId: string, tokenBudget: number): Promise<ChatMessage[]> {
    const picked: ChatMessage[] = [];
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
        if (spent + row.tokens > tokenBudget) return startWithUser(picked.reverse());
        spent += row.tokens;
        picked.push(toMessage(row));
      }
      const last = rows[rows.length - 1];
      if (rows.length < HISTORY_PAGE || !last) return startWithUser(picked.reverse());
      before = { created_at: last.created_at, id: last.id };
    }
  }

  async messages(chatId: string, limit: number): Promise<ChatMessage[]> {
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

  async chats(limit: number): Promise<ChatSummary[]> {
    const rows = await this.db
      .selectFrom('chats')
      .selectAll()
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      chat_id: row.chat_id,
      title: row.title,
      message_count: row.message_count,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    }));
  }
}

/** Providers (Anthropic among them) refuse a conversation that opens with the assistant. */
function startWithUser(messages: ChatMessage[]): ChatMessage[] {
  const first = messages.findIndex((message) => message.role === 'user');
  return first < 0 ? [] : messages.slice(first);
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
