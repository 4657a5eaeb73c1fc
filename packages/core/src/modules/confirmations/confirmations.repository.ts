import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { Confirmation } from './confirmations.schema.js';
import type { ConfirmationsTable } from './confirmations.tables.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toConfirmation(row: Selectable<ConfirmationsTable>): Confirmation {
  return {
    ...row,
    simulation: (row.simulation ?? null) as Confirmation['simulation'],
    tainted_by: row.tainted_by ?? null,
    taint_evidence: row.taint_evidence ?? null,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    decided_at: iso(row.decided_at),
  };
}

export type NewConfirmation = Omit<
  Confirmation,
  'status' | 'created_at' | 'decided_at' | 'decided_by' | 'expires_at'
> & { expires_at: Date };

export class ConfirmationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewConfirmation): Promise<Confirmation> {
    const inserted = await this.db
      .insertInto('confirmations')
      .values({
        ...row,
        input: JSON.stringify(row.input ?? null),
        simulation: row.simulation ? JSON.stringify(row.simulation) : null,
        tainted_by: row.tainted_by ? JSON.stringify(row.tainted_by) : null,
        taint_evidence: row.taint_evidence ? JSON.stringify(row.taint_evidence) : null,
        status: 'pending',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toConfirmation(inserted);
  }

  async get(id: string): Promise<Confirmation | null> {
    const row = await this.db
      .selectFrom('confirmations')
      .selectAll()
      .where('confirmation_id', '=', id)
      .executeTakeFirst();
    return row ? toConfirmation(row) : null;
  }

  /** Decides a pending confirmation; null when it was not pending (someone decided first). */
  async decide(
    id: string,
    status: 'approved' | 'denied',
    decidedBy: string,
  ): Promise<Confirmation | null> {
    const row = await this.db
      .updateTable('confirmations')
      .set({ status, decided_by: decidedBy, decided_at: sql<Date>`clock_timestamp()` })
      .where('confirmation_id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return row ? toConfirmation(row) : null;
  }

  async list(status: Confirmation['status'] | undefined, limit: number): Promise<Confirmation[]> {
    let query = this.db
      .selectFrom('confirmations')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(limit);
    if (status) query = query.where('status', '=', status);
    return (await query.execute()).map(toConfirmation);
  }

  /** The confirmations of these requests, oldest first (a chat's thread shows them in order). */
  async forRequests(requestIds: string[]): Promise<Confirmation[]> {
    if (requestIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('confirmations')
      .selectAll()
      .where('request_id', 'in', requestIds)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map(toConfirmation);
  }

  /** Pending confirmations past their time, left by a process that stopped while waiting. */
  async overdue(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('confirmations')
      .select('confirmation_id')
      .where('status', '=', 'pending')
      .where('expires_at', '<', new Date())
      .execute();
    return rows.map((row) => row.confirmation_id);
  }
}
