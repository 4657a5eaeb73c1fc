import { request } from './client';

export type OpportunityKind = 'schedule' | 'monitor' | 'subscription' | 'rule';
export type OpportunityStatus = 'open' | 'accepted' | 'dismissed' | 'snoozed';

export interface Opportunity {
  opportunity_id: string;
  kind: OpportunityKind;
  title: string;
  status: OpportunityStatus;
  support: number;
  evidence: {
    summary: string;
    count: number;
    first_at: string;
    last_at: string;
    request_ids: string[];
    times?: string[];
  };
  /** What accept creates, in the owning module's own fields. */
  proposal: Record<string, unknown>;
  evidence_at: string;
  first_seen_at: string;
  last_seen_at: string;
  snoozed_until: string | null;
  decided_at: string | null;
  decided_by: string | null;
  /** schedule_id, subscription_id or rule_id once accepted. */
  result: Record<string, unknown> | null;
}

export const fetchOpportunities = (status: OpportunityStatus, signal?: AbortSignal) =>
  request<{ opportunities: Opportunity[] }>('/api/opportunities', { query: { status }, signal });

export const decideOpportunity = (
  id: string,
  action: 'accept' | 'dismiss' | 'snooze',
  body?: { duration: string },
) =>
  request<Opportunity>(`/api/opportunities/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    ...(body ? { body } : {}),
  });
