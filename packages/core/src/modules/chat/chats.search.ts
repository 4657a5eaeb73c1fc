import type { SearchResult } from '../search/search.schema.js';
import type { SearchSource } from '../search/search.service.js';
import { oneLine } from '../search/search-text.js';
import type { ConversationRepository } from './conversation.repository.js';

const ORIGIN_WORDS = {
  operator: 'chat',
  goal: 'goal run',
  agent: 'sub-agent run',
  schedule: 'schedule run',
  messaging: 'messaging chat',
} as const;

/** Chats by any part of their id, opened in /chat. */
export const chatsSearchSource = (conversations: ConversationRepository): SearchSource => ({
  name: 'chats',
  label: 'Chats',
  async search({ text, limit }) {
    const chats = await conversations.findChats(text, limit);
    return chats.map(
      (chat): SearchResult => ({
        id: chat.chat_id,
        title: oneLine(chat.title || chat.chat_id, 100),
        detail: `${ORIGIN_WORDS[chat.origin]} · ${chat.chat_id} · ${chat.message_count} ${chat.message_count === 1 ? 'message' : 'messages'}`,
        url: `/chat?chat=${encodeURIComponent(chat.chat_id)}`,
        at: chat.updated_at,
      }),
    );
  },
});
