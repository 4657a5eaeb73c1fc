import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: string;
  ts: Generated<Date>;
  action: string;
  actor: string;
  target: string | null;
  detail: Generated<unknown>;
  exit_code: number | null;
  error: string | null;
  goal_id: string | null;
  request_id: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
