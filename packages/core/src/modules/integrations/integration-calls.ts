import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { redactText } from '../../security/redact.js';
import type { Database } from '../../store/database.js';

export interface IntegrationCallsTable {
  call_id: string;
  integration_id: string;
  action: string;
  source: 'api' | 'skill' | 'test';
  actor: string;
  status: 'ok' | 'error';
  error: string | null;
  message: string | null;
  http_status: number | null;
  duration_ms: number;
  request_id: string | null;
  created_at: Date;
}

declare module '../../store/database.js' {
  interface Database {
    integration_calls: IntegrationCallsTable;
  }
}

export type CallRecord = Omit<IntegrationCallsTable, 'created_at'> & { created_at: string };

export interface CallStats {
  calls: number;
  errors: number;
  /** errors / calls over the window; 0 without calls. */
  error_rate: number;
  last_call_at: string | null;
  last_error: { error: string; message: string | null; at: string } | null;
}

/** How far back the counts go, and how long calls are kept. */
export const STATS_WINDOW_HOURS = 24;
const KEEP_DAYS = 7;
const BATCH_DELAY_MS = 20;

/**
 * The call log behind the /integrations page (counts, error rate, last error, recent calls).
 * Rows are written in small batches off the call's path: a call never waits for its log row,
 * and a reader first flushes what this process still holds.
 */
export class IntegrationCalls {
  private buffer: Array<Omit<IntegrationCallsTable, 'created_at'> & { created_at: Date }> = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly pruner: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.pruner = setInterval(() => void this.prune().catch(onError), 3_600_000);
    this.pruner.unref();
  }

  record(row: Omit<IntegrationCallsTable, 'created_at'>): void {
    // The pipeline scrubbed the message of the call's credentials; other secrets it may quote
    // (and any credential it missed) are hidden before the row is kept for a week.
    const message = row.message === null ? null : redactText(row.message);
    this.buffer.push({ ...row, message, created_at: new Date() });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush().catch(this.onError);
    }, BATCH_DELAY_MS);
  }

  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    this.flushing = this.db
      .insertInto('integration_calls')
      .values(rows)
      .execute()
      .then(() => {})
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async recent(integrationId: string, limit: number): Promise<CallRecord[]> {
    await this.flush();
    const rows = await this.db
      .selectFrom('integration_calls')
      .selectAll()
      .where('integration_id', '=', integrationId)
      .orderBy('created_at', 'desc')
      .orderBy('call_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  /** Counts over the last STATS_WINDOW_HOURS and the last error, per integration. */
  async stats(): Promise<Map<string, CallStats>> {
    await this.flush();
    const since = sql<Date>`now() - make_interval(hours => ${STATS_WINDOW_HOURS})`;
    const [counts, errors] = await Promise.all([
      this.db
        .selectFrom('integration_calls')
        .select([
          'integration_id',
          (eb) => eb.fn.countAll<string>().as('calls'),
          sql<string>`count(*) filter (where status = 'error')`.as('errors'),
          (eb) => eb.fn.max('created_at').as('last_call_at'),
        ])
        .where('created_at', '>', since)
        .groupBy('integration_id')
        .execute(),
      this.db
        .selectFrom('integration_calls')
        .distinctOn('integration_id')
        .select(['integration_id', 'error', 'message', 'created_at'])
        .where('status', '=', 'error')
        .orderBy('integration_id')
        .orderBy('created_at', 'desc')
        .execute(),
    ]);
    const stats = new Map<string, CallStats>();
    for (const row of counts) {
      const calls = Number(row.calls);
      const failed = Number(row.errors);
      stats.set(row.integration_id, {
        calls,
        errors: failed,
        error_rate: calls ? Math.round((failed / calls) * 1000) / 1000 : 0,
        last_call_at: new Date(row.last_call_at).toISOString(),
        last_error: null,
      });
    }
    for (const row of errors) {
      const entry = stats.get(row.integration_id) ?? { ...EMPTY_STATS };
      entry.last_error = {
        error: row.error ?? 'error',
        message: row.message,
        at: row.created_at.toISOString(),
      };
      stats.set(row.integration_id, entry);
    }
    return stats;
  }

  async close(): Promise<void> {
    clearInterval(this.pruner);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async prune(): Promise<void> {
    await this.db
      .deleteFrom('integration_calls')
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_DAYS})`)
      .execute();
  }
}

export const EMPTY_STATS: CallStats = {
  calls: 0,
  errors: 0,
  error_rate: 0,
  last_call_at: null,
  last_error: null,
};
