import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { jsonRows } from '../../store/json-rows.js';
import { containsPattern } from '../../store/like.js';
import { PendingWrites } from '../../store/pending-writes.js';
import { isoMicros } from '../../store/sql-time.js';
import type { Trace, TraceQuery } from './traces.schema.js';
import './traces.tables.js';

export type NewTrace = Omit<Trace, 'created_at' | 'memory_items' | 'otel_trace_id'> & {
  memory_items?: string[];
  /** Absent in records journaled before traces were exported. */
  otel_trace_id?: string | null;
  /** When the request was answered (ISO); the database's clock when absent. */
  created_at?: string;
};

const COLUMNS = [
  'request_id',
  'chat_id',
  'tier',
  'status',
  'latency_ms',
  'model',
  'tokens',
  'cost_usd',
  'guard_chain',
  'steps',
  'memory_items',
  'input',
  'reply',
  'error',
  'otel_trace_id',
] as const;

/**
 * Traces not already stored, each stored one's request_id returned: `insert`'s statement, or a
 * part of a larger one (the exchange journal's batch, which stores only the requests `only`
 * selects).
 */
export function insertTraces(
  traces: NewTrace[],
  only?: RawBuilder<unknown>,
): RawBuilder<{ request_id: string }> {
  const rows = traces.map((trace) => ({
    ...trace,
    memory_items: trace.memory_items ?? [],
    otel_trace_id: trace.otel_trace_id ?? null,
    created_at: trace.created_at ?? null,
  }));
  return sql<{ request_id: string }>`
    insert into traces (request_id, chat_id, tier, status, latency_ms, model, tokens, cost_usd,
      guard_chain, steps, memory_items, input, reply, error, otel_trace_id, created_at)
    select request_id, chat_id, tier, status, latency_ms, model, tokens, cost_usd,
      guard_chain, steps, memory_items, input, reply, error, otel_trace_id,
      coalesce(created_at, clock_timestamp())
    from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as r(request_id text, chat_id text,
      tier text, status text, latency_ms integer, model text, tokens jsonb,
      cost_usd double precision, guard_chain jsonb, steps jsonb, memory_items jsonb,
      input text, reply text, error text, otel_trace_id text, created_at timestamptz)
    ${only ? sql`where r.request_id in (${only})` : sql``}
    on conflict (request_id) do nothing
    returning request_id`;
}

export class TracesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pending = new PendingWrites(),
  ) {}

  /** A trace already stored (a journal replayed twice) is left as it is. */
  async insert(trace: NewTrace): Promise<void> {
    await insertTraces([trace]).execute(this.db);
  }

  async get(requestId: string): Promise<Trace | null> {
    await this.pending.settle('traces');
    const row = await this.select().where('request_id', '=', requestId).executeTakeFirst();
    return row ? (row as Trace) : null;
  }

  /** Newest first, keyset-paged on (created_at, request_id), like the audit log. */
  /** Traces whose request id contains `part` (any case), newest first. */
  async byIdPart(part: string, limit: number): Promise<Trace[]> {
    await this.pending.settle('traces');
    return (await this.select()
      .where('traces.request_id', 'ilike', containsPattern(part))
      .orderBy('traces.created_at', 'desc')
      .limit(limit)
      .execute()) as Trace[];
  }

  async page(query: TraceQuery): Promise<{ traces: Trace[]; next_cursor: string | null }> {
    await this.pending.settle('traces');
    let select = this.select()
      .orderBy('traces.created_at', 'desc')
      .orderBy('traces.request_id', 'desc')
      .limit(query.limit + 1);
    if (query.chat_id) select = select.where('traces.chat_id', '=', query.chat_id);
    if (query.tier) select = select.where('traces.tier', '=', query.tier);
    if (query.since) select = select.where('traces.created_at', '>=', query.since);
    if (query.until) select = select.where('traces.created_at', '<', query.until);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('traces.created_at', 'traces.request_id'),
          '<',
          tuple(sql<Date>`${ts}::timestamptz`, id),
        ),
      );
    }
    const rows = (await select.execute()) as Trace[];
    const traces = rows.slice(0, query.limit);
    const last = traces[traces.length - 1];
    return {
      traces,
      next_cursor:
        rows.length > query.limit && last ? `${last.created_at}|${last.request_id}` : null,
    };
  }

  private select() {
    return this.db
      .selectFrom('traces')
      .select([...COLUMNS, isoMicros('created_at').as('created_at')]);
  }
}
