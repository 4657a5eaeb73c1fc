import type { Generated } from 'kysely';

export interface ChatsTable {
  chat_id: string;
  title: string;
  message_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ChatMessagesTable {
  id: string;
  chat_id: string;
  role: 'user' | 'assistant';
  content: string;
  request_id: string | null;
  tokens: number;
  created_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    chats: ChatsTable;
    chat_messages: ChatMessagesTable;
  }
}
