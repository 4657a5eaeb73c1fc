import type { Generated } from 'kysely';

export interface SelfImproveProposalsTable {
  proposal_id: string;
  /** Relative to the source tree's real root, forward slashes. */
  path: string;
  status: 'pending' | 'applied' | 'dismissed';
  diff: string;
  content: string;
  rationale: string;
  origin: 'skill' | 'manual';
  /** SHA-256 of the file the diff was made against; null when the file did not exist. */
  base_sha256: string | null;
  gate: unknown;
  created_by: string;
  created_at: Generated<Date>;
  decided_at: Date | null;
  decided_by: string | null;
  applied_path: string | null;
  backup_path: string | null;
  patch_name: string | null;
  error: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    self_improve_proposals: SelfImproveProposalsTable;
  }
}
