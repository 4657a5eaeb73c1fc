import type { Generated } from 'kysely';

export const CANDIDATE_KINDS = ['schedule', 'monitor', 'subscription', 'rule'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];
export const CANDIDATE_STATUSES = ['open', 'accepted', 'dismissed', 'snoozed'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** An automation opportunity found in the traces, and the operator's decision on it. */
export interface CandidatesTable {
  candidate_id: string;
  fingerprint: string;
  kind: CandidateKind;
  title: string;
  evidence: unknown;
  proposal: unknown;
  support: number;
  status: CandidateStatus;
  /** The newest occurrence in the evidence: newer than a dismissal reopens it. */
  evidence_at: Date;
  snoozed_until: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
  result: unknown;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface SelfModelTable {
  id: number;
  model: unknown;
  computed_at: Date | null;
}

declare module '../../store/database.js' {
  interface Database {
    candidates: CandidatesTable;
    self_model: SelfModelTable;
  }
}
