import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import type { AuditEntry, AuditQuery } from './audit.schema.js';
import './audit.tables.js';
import { escapeLike } from '../../store/like.js';

/** A row as the writer hands it over; `ts` is set only when replaying a crash journal. */
export interface AuditRowInput {
  id: string;
  ts?: string;
  action: string;
  actor: string;
  target: string | null;
  detail: Record<string, unknown>;
  exit_code: number | null;
  error: string | null;
  goal_id: string | null;
  request_id: string | null;
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Idempotent: a row already stored (same id) is left alone, so journal replays are safe. */
  async insertMany(rows: AuditRowInput[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('audit_log')
      .values(
        rows.map((row) => ({
          id: row.id,
          ...(row.ts ? { ts: new Date(row.ts) } : {}),
          action: row.action,
          actor: row.actor,
          target: row.target,
          detail: sql`${JSON.stringify(row.detail)}::jsonb`,
          exit_code: row.exit_code,
          error: row.error,
          goal_id: row.goal_id,
          request_id: row.request_id,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Newest first, keyset-paged on (ts, id): rows written meanwhile never shift a page. */
  /**
   * The distinct action names, by a skip scan over the (action, ts, id) index: one index probe
   * per name, so it stays fast at millions of rows (a plain DISTINCT would read them all).
   */
  async actions(): Promise<string[]> {
    const { rows } = await sql<{ action: string }>`
      with recursive names(action) as (
        (select action from audit_log order by action limit 1)
        union all
        select (select a.action from audit_log a where a.action > names.action
                order by a.action limit 1)
        from names where names.action is not null
      )
      select action from names where action is not null`.execute(this.db);
    return rows.map((row) => row.action);
  }

  /** When the action was last recorded (ISO, microseconds), through the same index. */
  async lastRecorded(action: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('audit_log')
      .select(isoMicros('ts').as('ts'))
      .where('action', '=', action)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.ts ?? null;
  }

  async page(query: AuditQuery): Promise<{ entries: AuditEntry[]; next_cursor: string | null }> {
    let select = this.db
      .selectFrom('audit_log')
      .select([
        'id',
        isoMicros('ts').as('ts'),
        'action',
        'actor',
        'target',
        'detail',
        'exit_code',
        'error',
        'goal_id',
        'request_id',
      ])
      .orderBy('audit_log.ts', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(query.limit + 1);
    if (query.since) select = select.where('audit_log.ts', '>=', query.since);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(refTuple('audit_log.ts', 'audit_log.id'), '<', tuple(sql<Date>`${ts}::timestamptz`, id)),
      );
    }
    if (query.action?.endsWith('*')) {
      const prefix = escapeLike(query.action.slice(0, -1));
      select = select.where('audit_log.action', 'like', `${prefix}%`);
    } else if (query.action) {
      select = select.where('audit_log.action', '=', query.action);
    }
    if (query.actor) select = select.where('audit_log.actor', '=', query.actor);
    if (query.goal_id) select = select.where('audit_log.goal_id', '=', query.goal_id);

    const rows = await select.execute();
    const entries = rows
      .slice(0, query.limit)
      .map((row) => ({ ...row, detail: (row.detail ?? {}) as Record<string, unknown> }));
    const last = entries[entries.length - 1];
    return {
      entries,
      next_cursor: rows.length > query.limit && last ? `${last.ts}|${last.id}` : null,
    };
  }
}
