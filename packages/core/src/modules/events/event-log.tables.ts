import type { Generated } from 'kysely';

export interface EventLogTable {
  event_id: string;
  kind: string;
  source: string;
  title: string;
  detail: unknown;
  created_at: Generated<Date>;
}

export interface NotificationsTable {
  notification_id: string;
  event_id: string;
  kind: string;
  title: string;
  detail: unknown;
  created_at: Generated<Date>;
  read_at: Date | null;
}

declare module '../../store/database.js' {
  interface Database {
    event_log: EventLogTable;
    notifications: NotificationsTable;
  }
}
