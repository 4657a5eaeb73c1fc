import type { ColumnType, Generated } from 'kysely';

export interface BehavioralRulesTable {
  rule_id: string;
  text: string;
  trigger: unknown;
  source: 'operator' | 'correction' | 'agent';
  confidence: number;
  enabled: Generated<boolean>;
  /** bigint comes back from pg as text. */
  hit_count: ColumnType<string, number | undefined, string>;
  last_hit_at: Date | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BehavioralProposalsTable {
  proposal_id: string;
  fingerprint: string;
  text: string;
  trigger: unknown;
  confidence: number;
  correction: string;
  chat_id: string | null;
  created_by: string;
  status: 'pending' | 'approved' | 'rejected';
  rule_id: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  decided_by: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    behavioral_rules: BehavioralRulesTable;
    behavioral_proposals: BehavioralProposalsTable;
  }
}
