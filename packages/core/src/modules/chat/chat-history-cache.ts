import { randomUUID } from 'node:crypto';
import type { KvStore } from '../../store/kv/kv-store.js';
import { LazySubscription } from '../../store/kv/lazy-subscription.js';
import { ChatsWithMessages } from './chats-with-messages.js';

/** Where a replica announces the chats it wrote to, so the others drop their copies. */
const TOPIC = 'chat-history-changed';
/**
 * Chats kept, the least recently used dropped first, and their tokens in all (about 8 MB of
 * text): each holds a context's worth, which CONTEXT_TOKEN_BUDGET may make large.
 */
const MAX_CHATS = 200;
const MAX_TOKENS = 2_000_000;
/** Read again at least this often, even when no change is heard (a direct SQL edit). */
const MAX_AGE_MS = 5 * 60_000;

/** What the cache needs of a message: its id, its token estimate and who said it. */
export interface HistoryItem {
  id: string;
  tokens: number;
  role: string;
}

/** The latest messages of one chat, oldest first, as the store returned them. */
export interface LoadedHistory<M> {
  messages: M[];
  /** True when `messages` reach back to the chat's first message. */
  complete: boolean;
}

interface Entry<M> extends LoadedHistory<M> {
  tokens: number;
  /** The largest token budget asked of it: appends trim it to what still answers that. */
  budget: number;
  loadedAt: number;
}

/**
 * The latest messages of recently active chats, so each message of a running conversation reads
 * its context without a query. A chat's copy comes from a read of the store and then grows in
 * place with every exchange this replica stores for it (`appended`, after the transaction
 * commits); other replicas hear of those chats on TOPIC and drop their copies, within the
 * message's delivery. A read that a change overtook is never kept, and a lost subscription or a
 * Panic Reset (`clear`) drops everything.
 *
 * A copy answers a token budget when it holds the whole chat, or more tokens than the budget:
 * the newest messages that fit are then all in it. A chat with no message at all (the first
 * message of a new chat) is known as such without a read (ChatsWithMessages).
 */
export class ChatHistoryCache<M extends HistoryItem> {
  private readonly entries = new Map<string, Entry<M>>();
  /** Reads under way; a change to their chat marks them stale, so they are not kept. */
  private readonly loading = new Set<{ chatId: string; stale: boolean }>();
  private readonly origin = randomUUID();
  private readonly subscription: LazySubscription;
  /** Which chats have any message: a chat without one is answered with no read at all. */
  private readonly chats: ChatsWithMessages;

  /** `listChats` lists the ids of chats that have messages, up to a limit. */
  constructor(
    private readonly kv: KvStore,
    listChats: (limit: number) => Promise<string[]>,
  ) {
    this.subscription = new LazySubscription(kv, TOPIC, (message) => this.heard(message));
    this.chats = new ChatsWithMessages(listChats, MAX_AGE_MS);
  }

  /** The newest messages of `chatId` that fit in `budget` tokens, oldest first. */
  async read(chatId: string, budget: number, load: () => Promise<LoadedHistory<M>>): Promise<M[]> {
    // Not subscribed (the store is down): read through, since no change would be heard.
    if (!(await this.subscription.ready())) return newestWithin((await load()).messages, budget);
    if (this.chats.certainlyEmpty(chatId)) return [];
    const entry = this.entries.get(chatId);
    if (
      entry &&
      Date.now() - entry.loadedAt < MAX_AGE_MS &&
      (entry.complete || entry.tokens > budget)
    ) {
      this.entries.delete(chatId);
      this.entries.set(chatId, entry);
      entry.budget = Math.max(entry.budget, budget);
      return newestWithin(entry.messages, budget);
    }
    const read = { chatId, stale: false };
    this.loading.add(read);
    try {
      const loaded = await load();
      if (!read.stale) this.keep(chatId, loaded, budget);
      return newestWithin(loaded.messages, budget);
    } finally {
      this.loading.delete(read);
    }
  }

  /**
   * Messages this replica has just stored (committed), per chat, oldest first: each cached copy
   * grows by them, and the other replicas are told to drop theirs.
   */
  appended(byChat: Map<string, M[]>): void {
    if (byChat.size === 0) return;
    this.chats.gained(byChat.keys());
    for (const [chatId, messages] of byChat) {
      this.overtake(chatId);
      const entry = this.entries.get(chatId);
      if (!entry) continue;
      const held = new Set(entry.messages.map((message) => message.id));
      for (const message of messages) {
        if (held.has(message.id)) continue; // a read since the commit already brought it
        entry.messages.push(message);
        entry.tokens += message.tokens;
      }
      // Oldest first out, as long as what is left still holds more than the largest budget.
      while (
        entry.messages.length > 1 &&
        entry.tokens - (entry.messages[0]?.tokens ?? 0) > entry.budget
      ) {
        entry.tokens -= entry.messages.shift()?.tokens ?? 0;
        entry.complete = false;
      }
    }
    this.evict();
    const message = JSON.stringify({ from: this.origin, chats: [...byChat.keys()] });
    // The rows are stored: a failed announcement must not fail that. Others reload within MAX_AGE_MS.
    void this.kv.publish(TOPIC, message).catch(() => {});
  }

  /** Drops every copy (a Panic Reset wiped the messages). */
  clear(): void {
    this.entries.clear();
    this.chats.forget();
    for (const read of this.loading) read.stale = true;
  }

  private keep(chatId: string, loaded: LoadedHistory<M>, budget: number): void {
    const tokens = loaded.messages.reduce((sum, message) => sum + message.tokens, 0);
    this.entries.delete(chatId);
    this.entries.set(chatId, { ...loaded, tokens, budget, loadedAt: Date.now() });
    this.evict();
  }

  /** Drops the least recently used chats until the rest fit in MAX_CHATS and MAX_TOKENS. */
  private evict(): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.tokens;
    for (const [chatId, entry] of this.entries) {
      if (this.entries.size <= MAX_CHATS && total <= MAX_TOKENS) return;
      this.entries.delete(chatId);
      total -= entry.tokens;
    }
  }

  /** A read of `chatId` under way may not have seen the change: it is not kept. */
  private overtake(chatId: string): void {
    for (const read of this.loading) if (read.chatId === chatId) read.stale = true;
  }

  private heard(message: string | null): void {
    const chats = message === null ? null : announcedChats(message, this.origin);
    if (chats === null) {
      this.clear();
      return;
    }
    this.chats.gained(chats);
    for (const chatId of chats) {
      this.entries.delete(chatId);
      this.overtake(chatId);
    }
  }
}

/**
 * The chats another replica announced: empty for this replica's own message, null when the
 * message is not readable (anything may have changed).
 */
function announcedChats(message: string, origin: string): string[] | null {
  try {
    const change = JSON.parse(message) as { from?: unknown; chats?: unknown };
    if (change.from === origin) return [];
    if (!Array.isArray(change.chats)) return null;
    return change.chats.filter((chatId): chatId is string => typeof chatId === 'string');
  } catch {
    return null;
  }
}

/**
 * The newest messages that fit in `budget` tokens (oldest first), starting at a user message:
 * providers (Anthropic among them) refuse a conversation that opens with the assistant.
 */
function newestWithin<M extends HistoryItem>(messages: M[], budget: number): M[] {
  let start = messages.length;
  let spent = 0;
  while (start > 0) {
    const tokens = (messages[start - 1] as M).tokens;
    if (spent + tokens > budget) break;
    spent += tokens;
    start -= 1;
  }
  const picked = messages.slice(start);
  const firstUser = picked.findIndex((message) => message.role === 'user');
  return firstUser < 0 ? [] : picked.slice(firstUser);
}
