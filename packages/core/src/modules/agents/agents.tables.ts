import type { Generated } from 'kysely';

export type AgentControl = 'active' | 'paused' | 'stopped';
export type MessageOrigin = 'operator' | 'main_agent' | 'sub_agent';

export interface AgentsTable {
  agent_id: string;
  name: string;
  objective: string;
  priority: number;
  control: Generated<AgentControl>;
  /** The run in progress, and until when its lease holds (renewed while it runs). */
  run_id: string | null;
  run_expires_at: Date | null;
  last_error: string | null;
  messages_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_active_at: Date | null;
}

export interface AgentMessagesTable {
  message_id: string;
  agent_id: string;
  origin: MessageOrigin;
  /** Who wrote it: the operator's user name, the main agent's name or a sub-agent's name. */
  sender: string;
  text: string;
  request_id: string | null;
  error: string | null;
  created_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    agents: AgentsTable;
    agent_messages: AgentMessagesTable;
  }
}
