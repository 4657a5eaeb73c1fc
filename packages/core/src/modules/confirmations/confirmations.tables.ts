import type { ColumnType, Generated } from 'kysely';
import type { TaintEvidence } from '../runtime/run-trace.js';

export interface ConfirmationsTable {
  confirmation_id: string;
  request_id: string;
  chat_id: string | null;
  goal_id: string | null;
  skill: string;
  level: string;
  input: unknown;
  simulation: unknown;
  /** A JSON array, written as its text. */
  tainted_by: ColumnType<string[] | null, string | null, never>;
  /** A JSON array of TaintEvidence, written as its text. */
  taint_evidence: ColumnType<TaintEvidence[] | null, string | null, never>;
  status: 'pending' | 'approved' | 'denied';
  created_at: Generated<Date>;
  expires_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    confirmations: ConfirmationsTable;
  }
}
