import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { Proposal, Rule, Trigger } from './behavioral.schema.js';
import type { BehavioralProposalsTable } from './behavioral.tables.js';
import { insertRule, type NewRule } from './rules.repository.js';
import './behavioral.tables.js';

function toProposal(row: Selectable<BehavioralProposalsTable>): Proposal {
  return {
    proposal_id: row.proposal_id,
    text: row.text,
    trigger: row.trigger as Trigger,
    source: 'correction',
    confidence: row.confidence,
    correction: row.correction,
    chat_id: row.chat_id,
    created_by: row.created_by,
    status: row.status,
    rule_id: row.rule_id,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decided_by: row.decided_by,
  };
}

export interface NewProposal {
  proposal_id: string;
  fingerprint: string;
  text: string;
  trigger: Trigger;
  confidence: number;
  correction: string;
  chat_id: string | null;
  created_by: string;
}

export class ProposalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Null when the same correction was proposed before (whatever became of it). */
  async insert(proposal: NewProposal): Promise<Proposal | null> {
    const row = await this.db
      .insertInto('behavioral_proposals')
      .values({ ...proposal, trigger: JSON.stringify(proposal.trigger), status: 'pending' })
      .onConflict((oc) => oc.column('fingerprint').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toProposal(row) : null;
  }

  async get(proposalId: string): Promise<Proposal | null> {
    const row = await this.db
      .selectFrom('behavioral_proposals')
      .selectAll()
      .where('proposal_id', '=', proposalId)
      .executeTakeFirst();
    return row ? toProposal(row) : null;
  }

  async pending(limit: number): Promise<Proposal[]> {
    const rows = await this.db
      .selectFrom('behavioral_proposals')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toProposal);
  }

  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('behavioral_proposals')
      .select(sql<string>`count(*)`.as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Approves a pending proposal and creates its rule in one transaction: both happen or
   * neither. Null when it was not pending (decided by someone else first).
   */
  async approve(
    proposalId: string,
    rule: NewRule,
    decidedBy: string,
  ): Promise<{ proposal: Proposal; rule: Rule } | null> {
    return this.db.transaction().execute(async (trx) => {
      const decided = await trx
        .updateTable('behavioral_proposals')
        .set({
          status: 'approved',
          rule_id: rule.rule_id,
          decided_by: decidedBy,
          decided_at: sql<Date>`clock_timestamp()`,
        })
        .where('proposal_id', '=', proposalId)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!decided) return null;
      return { proposal: toProposal(decided), rule: await insertRule(trx, rule) };
    });
  }

  async reject(proposalId: string, decidedBy: string): Promise<Proposal | null> {
    const row = await this.db
      .updateTable('behavioral_proposals')
      .set({
        status: 'rejected',
        decided_by: decidedBy,
        decided_at: sql<Date>`clock_timestamp()`,
      })
      .where('proposal_id', '=', proposalId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return row ? toProposal(row) : null;
  }
}
