import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { PendingWrites } from '../../store/pending-writes.js';
import { isoMicros } from '../../store/sql-time.js';
import type { Trace, TraceQuery } from './traces.schema.js';
import './traces.tables.js';

export type NewTrace = Omit<Trace, 'created_at' | 'memory_items'> & {
  memory_items?: string[];
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
] as const;

export class TracesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pending = new PendingWrites(),
  ) {}

  async insert(trace: NewTrace): Promise<void> {
    await this.insertMany([trace]);
  }

  /**
   * One statement for many traces; a trace already stored (a journal replayed twice) is left
   * as it is. Returns the request ids it stored now, so the caller applies the rest of those
   * requests' writes exactly once.
   */
  async insertMany(traces: NewTrace[], db: Kysely<Database> = this.db): Promise<Set<string>> {
    if (traces.length === 0) return new Set();
    const rows = await db
      .insertInto('traces')
      .values(
        traces.map(({ created_at, ...trace }) => ({
          ...trace,
          ...(created_at ? { created_at: new Date(created_at) } : {}),
          tokens: JSON.stringify(trace.tokens),
          guard_chain: JSON.stringify(trace.guard_chain),
          steps: JSON.stringify(trace.steps),
          memory_items: JSON.stringify(trace.memory_items ?? []),
        })),
      )
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('request_id')
      .execute();
    return new Set(rows.map((row) => row.request_id));
  }

  async get(requestId: string): Promise<Trace | null> {
    await this.pending.settle('traces');
    const row = await this.select().where('request_id', '=', requestId).executeTakeFirst();
    return row ? (row as Trace) : null;
  }

  /** Newest first, keyset-paged on (created_at, request_id), like the audit log. */
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
