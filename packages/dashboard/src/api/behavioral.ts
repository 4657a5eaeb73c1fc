import { request } from './client';

export const TRIGGER_TYPES = ['always', 'keywords', 'regex'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export type Trigger =
  | { type: 'always' }
  | { type: 'keywords'; keywords: string[] }
  | { type: 'regex'; pattern: string };

export const RULE_SOURCES = ['operator', 'correction', 'agent'] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

/** Rules below this confidence never fire, enabled or not. */
export const MIN_FIRING_CONFIDENCE = 0.5;
export const RULE_TEXT_MAX = 500;

export interface Rule {
  rule_id: string;
  text: string;
  trigger: Trigger;
  source: RuleSource;
  /** 0..1 */
  confidence: number;
  enabled: boolean;
  hit_count: number;
  last_hit_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export type ProposalStatus = 'pending' | 'approved' | 'rejected';

/** A rule proposed from one of the operator's corrections, waiting for a decision. */
export interface RuleProposal {
  proposal_id: string;
  /** The rule it would become */
  text: string;
  trigger: Trigger;
  source: 'correction';
  confidence: number;
  /** The operator's message it was learned from, redacted */
  correction: string;
  chat_id: string | null;
  created_by: string;
  status: ProposalStatus;
  rule_id: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export interface RuleFilters {
  enabled?: boolean;
  source?: RuleSource;
  q?: string;
}

export interface RuleFields {
  text: string;
  trigger: Trigger;
  confidence: number;
}

export interface NewRule extends RuleFields {
  enabled?: boolean;
}

export type RuleChange = Partial<RuleFields & { enabled: boolean }>;

const rulePath = (id: string) => `/api/behavioral-rules/${encodeURIComponent(id)}`;
const proposalPath = (id: string) => `/api/behavioral-rules/pending/${encodeURIComponent(id)}`;

export const fetchRules = (filters: RuleFilters, signal?: AbortSignal) =>
  request<{ rules: Rule[] }>('/api/behavioral-rules', {
    query: {
      enabled: filters.enabled === undefined ? undefined : String(filters.enabled),
      source: filters.source,
      q: filters.q,
      limit: 1000,
    },
    signal,
  });

export const createRule = (rule: NewRule) =>
  request<Rule>('/api/behavioral-rules', { method: 'POST', body: rule });

export const updateRule = (id: string, change: RuleChange) =>
  request<Rule>(rulePath(id), { method: 'PATCH', body: change });

export const deleteRule = (id: string) => request<{ ok: true }>(rulePath(id), { method: 'DELETE' });

export const fetchPendingProposals = (signal?: AbortSignal) =>
  request<{ proposals: RuleProposal[] }>('/api/behavioral-rules/pending', {
    query: { limit: 500 },
    signal,
  });

/** Edits (any of text, trigger, confidence) change the rule before it is made. */
export const approveProposal = (id: string, edits?: Partial<RuleFields>) =>
  request<{ ok: true; proposal: RuleProposal; rule: Rule }>(`${proposalPath(id)}/approve`, {
    method: 'POST',
    ...(edits && Object.keys(edits).length > 0 ? { body: edits } : {}),
  });

export const rejectProposal = (id: string) =>
  request<{ ok: true; proposal: RuleProposal }>(`${proposalPath(id)}/reject`, {
    method: 'POST',
  });
