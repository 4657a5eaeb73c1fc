import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../store/database.js';
import { containsPattern } from '../../store/like.js';
import type { GateVerdict } from './safety-gate.js';
import type { Proposal, ProposalStatus, ProposalSummary } from './selfimprove.schema.js';
import type { SelfImproveProposalsTable } from './selfimprove.tables.js';
import './selfimprove.tables.js';

type Row = Selectable<SelfImproveProposalsTable>;
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toProposal(row: Row): Proposal & { base_sha256: string | null } {
  return {
    proposal_id: row.proposal_id,
    path: row.path,
    status: row.status,
    diff: row.diff,
    content: row.content,
    rationale: row.rationale,
    origin: row.origin,
    gate: row.gate as Proposal['gate'],
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: iso(row.decided_at),
    decided_by: row.decided_by,
    applied_path: row.applied_path,
    backup_path: row.backup_path,
    error: row.error,
    base_sha256: row.base_sha256,
  };
}

export type StoredProposal = ReturnType<typeof toProposal>;

export interface NewProposal {
  proposal_id: string;
  path: string;
  diff: string;
  content: string;
  rationale: string;
  origin: 'skill' | 'manual';
  base_sha256: string | null;
  gate: GateVerdict;
  created_by: string;
}

export interface AppliedFields {
  decided_by: string;
  applied_path: string;
  backup_path: string | null;
  patch_name: string;
  diff: string;
  gate: GateVerdict;
}

export class SelfImproveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(proposal: NewProposal): Promise<StoredProposal> {
    const row = await this.db
      .insertInto('self_improve_proposals')
      .values({ ...proposal, status: 'pending', gate: JSON.stringify(proposal.gate) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProposal(row);
  }

  async get(id: string): Promise<StoredProposal | null> {
    const row = await this.db
      .selectFrom('self_improve_proposals')
      .selectAll()
      .where('proposal_id', '=', id)
      .executeTakeFirst();
    return row ? toProposal(row) : null;
  }

  /** Newest first; `text` matches the path or rationale, or is the exact proposal id. */
  async list(
    status: ProposalStatus | undefined,
    limit: number,
    text?: string,
  ): Promise<ProposalSummary[]> {
    let query = this.db
      .selectFrom('self_improve_proposals')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('proposal_id', 'desc')
      .limit(limit);
    if (status) query = query.where('status', '=', status);
    if (text)
      query = query.where((eb) =>
        eb.or([
          eb('path', 'ilike', containsPattern(text)),
          eb('rationale', 'ilike', containsPattern(text)),
          eb('proposal_id', '=', text),
        ]),
      );
    return (await query.execute()).map((row) => {
      const { content: _content, base_sha256: _base, ...summary } = toProposal(row);
      return summary;
    });
  }

  /** Notes why an apply was refused; the proposal stays pending. */
  async recordRefusal(id: string, error: string, gate: GateVerdict | null): Promise<void> {
    await this.db
      .updateTable('self_improve_proposals')
      .set({ error, ...(gate ? { gate: JSON.stringify(gate) } : {}) })
      .where('proposal_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * Runs `work` while holding the proposal's row, after marking it applied: a second apply or a
   * reject, from this replica or another, waits and then finds it no longer pending. If `work`
   * throws, the transaction rolls back and the proposal is pending again. Null: not pending.
   */
  async applyWhileLocked(
    id: string,
    decided: () => AppliedFields,
    work: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<StoredProposal | null> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('self_improve_proposals')
        .select('status')
        .where('proposal_id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (locked?.status !== 'pending') return null;
      await work(trx);
      const fields = decided();
      const row = await trx
        .updateTable('self_improve_proposals')
        .set({
          ...fields,
          gate: JSON.stringify(fields.gate),
          status: 'applied',
          error: null,
          decided_at: sql<Date>`clock_timestamp()`,
        })
        .where('proposal_id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProposal(row);
    });
  }

  /** Dismisses a pending proposal; null when it was not pending. */
  async dismiss(id: string, decidedBy: string): Promise<StoredProposal | null> {
    const row = await this.db
      .updateTable('self_improve_proposals')
      .set({ status: 'dismissed', decided_by: decidedBy, decided_at: sql<Date>`clock_timestamp()` })
      .where('proposal_id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return row ? toProposal(row) : null;
  }
}
