import type { ColumnType, Generated } from 'kysely';

export interface TracesTable {
  request_id: string;
  chat_id: string | null;
  tier: string;
  status: string;
  created_at: Generated<Date>;
  latency_ms: number;
  model: string | null;
  tokens: unknown;
  cost_usd: number | null;
  guard_chain: unknown;
  steps: unknown;
  memory_items: ColumnType<unknown, string | undefined, string>;
  input: string;
  reply: string;
  error: string | null;
  otel_trace_id: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    traces: TracesTable;
  }
}
