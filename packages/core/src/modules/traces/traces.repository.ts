import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import type { Trace, TraceQuery } from './traces.schema.js';
import './traces.tables.js';

export type NewTrace = Omit<Trace, 'created_at' | 'memory_items'> & {
  memory_items?: string[];
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
] as const;

export class TracesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trace: NewTrace): Promise<void> {
    await this.db
      .insertInto('traces')
      .values({
        ...trace,
        tokens: JSON.stringify(trace.tokens),
        guard_chain: JSON.stringify(trace.guard_chain),
        steps: JSON.stringify(trace.steps),
        memory_items: JSON.stringify(trace.memory_items ?? []),
      })
      .execute();
  }

  async get(requestId: string): Promise<Trace | null> {
    const row = await this.select().where('request_id', '=', requestId).executeTakeFirst();
    return row ? (row as Trace) : null;
  }

  /** Newest first, keyset-paged on (created_at, request_id), like the audit log. */
  async page(query: TraceQuery): Promise<{ traces: Trace[]; next_cursor: string | null }> {
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
