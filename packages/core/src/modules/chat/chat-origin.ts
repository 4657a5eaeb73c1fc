import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../store/database.js';

/**
 * Who a conversation belongs to. The operator's own chats are everything that is not one of the
 * runtime's background conversations, each named by its prefix: a goal's tasks (`goal:`), a
 * sub-agent's work (`agent:`), a schedule's runs (`schedule:`) and the messaging bridge's chats
 * (`telegram:`).
 */
export const CHAT_ORIGINS = ['operator', 'goal', 'agent', 'schedule', 'messaging'] as const;
export type ChatOrigin = (typeof CHAT_ORIGINS)[number];

const PREFIXES: Record<Exclude<ChatOrigin, 'operator'>, string> = {
  goal: 'goal:',
  agent: 'agent:',
  schedule: 'schedule:',
  messaging: 'telegram:',
};

export function chatOrigin(chatId: string): ChatOrigin {
  for (const [origin, prefix] of Object.entries(PREFIXES))
    if (chatId.startsWith(prefix)) return origin as ChatOrigin;
  return 'operator';
}

/** A where-clause on `chats.chat_id` that keeps the chats of one origin. */
export function originFilter(origin: ChatOrigin) {
  return (eb: ExpressionBuilder<Database, 'chats'>) => {
    // Prefixes hold no LIKE wildcards (% or _), so they are used as they are.
    if (origin !== 'operator') return eb('chat_id', 'like', `${PREFIXES[origin]}%`);
    return eb.and(Object.values(PREFIXES).map((prefix) => eb('chat_id', 'not like', `${prefix}%`)));
  };
}
