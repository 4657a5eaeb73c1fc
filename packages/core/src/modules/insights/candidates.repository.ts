import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { Detection } from './detectors/detection.js';
import type { CandidateStatus, CandidatesTable } from './insights.tables.js';
import type { Opportunity } from './opportunities.schema.js';
import './insights.tables.js';

/** A snoozed candidate whose time has come is open again; no job has to wake it. */
const effectiveStatus = sql<CandidateStatus>`case when status = 'snoozed' and snoozed_until <= now() then 'open' else status end`;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function toOpportunity(row: Selectable<CandidatesTable> & { effective: string }): Opportunity {
  return {
    opportunity_id: row.candidate_id,
    kind: row.kind,
    title: row.title,
    status: row.effective as CandidateStatus,
    support: row.support,
    evidence: row.evidence as Opportunity['evidence'],
    proposal: row.proposal as Record<string, unknown>,
    evidence_at: iso(row.evidence_at) ?? '',
    first_seen_at: iso(row.first_seen_at) ?? '',
    last_seen_at: iso(row.last_seen_at) ?? '',
    snoozed_until: row.effective === 'snoozed' ? iso(row.snoozed_until) : null,
    decided_at: iso(row.decided_at),
    decided_by: row.decided_by,
    result: (row.result as Record<string, unknown> | null) ?? null,
  };
}

export class CandidatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores what a scan found. A known fingerprint keeps its decision, except that a dismissed
   * one opens again when its evidence is newer than the dismissal. Open candidates the scan no
   * longer finds are removed (their evidence aged out); decided ones are kept as decisions.
   */
  async replaceDetections(detections: Detection[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const found of detections) {
        const values = {
          candidate_id: uuidv7(),
          fingerprint: found.fingerprint,
          kind: found.kind,
          title: found.title,
          evidence: JSON.stringify(found.evidence),
          proposal: JSON.stringify(found.proposal),
          support: found.support,
          status: 'open' as const,
          evidence_at: new Date(found.evidence.last_at),
        };
        await trx
          .insertInto('candidates')
          .values(values)
          .onConflict((oc) =>
            oc.column('fingerprint').doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              evidence: eb.ref('excluded.evidence'),
              support: eb.ref('excluded.support'),
              evidence_at: eb.ref('excluded.evidence_at'),
              last_seen_at: sql<Date>`clock_timestamp()`,
              // An accepted proposal keeps what was created from it.
              proposal: sql`case when candidates.status = 'accepted' then candidates.proposal else excluded.proposal end`,
              status: sql`case when candidates.status = 'dismissed' and excluded.evidence_at > candidates.decided_at then 'open' else candidates.status end`,
            })),
          )
          .execute();
      }
      let stale = trx.deleteFrom('candidates').where('status', '=', 'open');
      const found = detections.map((detection) => detection.fingerprint);
      if (found.length > 0) stale = stale.where('fingerprint', 'not in', found);
      await stale.execute();
    });
  }

  async list(status: CandidateStatus | 'all'): Promise<Opportunity[]> {
    let query = this.select();
    if (status !== 'all') query = query.where(effectiveStatus, '=', status);
    const rows = await query.orderBy('support', 'desc').orderBy('evidence_at', 'desc').execute();
    return rows.map(toOpportunity);
  }

  async get(id: string): Promise<Opportunity | null> {
    const row = await this.select().where('candidate_id', '=', id).executeTakeFirst();
    return row ? toOpportunity(row) : null;
  }

  /** Moves a candidate whose current status is one of `from`; null when it was not. */
  async decide(
    id: string,
    from: CandidateStatus[],
    change: {
      status: CandidateStatus;
      decided_by: string;
      snoozed_until?: Date | null;
      result?: Record<string, unknown>;
    },
  ): Promise<Opportunity | null> {
    const row = await this.db
      .updateTable('candidates')
      .set({
        status: change.status,
        decided_by: change.decided_by,
        decided_at: sql<Date>`clock_timestamp()`,
        snoozed_until: change.snoozed_until ?? null,
        ...(change.result ? { result: JSON.stringify(change.result) } : {}),
      })
      .where('candidate_id', '=', id)
      .where(effectiveStatus, 'in', from)
      .returningAll()
      .executeTakeFirst();
    return row ? toOpportunity({ ...row, effective: row.status }) : null;
  }

  private select() {
    return this.db.selectFrom('candidates').selectAll().select(effectiveStatus.as('effective'));
  }
}
