import { request } from './client';

export type ProposalStatus = 'pending' | 'applied' | 'dismissed';
export type GateDecision = 'ALLOW' | 'WARN' | 'BLOCK';

/** The soft safety gate's verdict on a diff (SPEC Limits). */
export interface Gate {
  decision: GateDecision;
  reasons: string[];
  patch_length: number;
  avg_line_length: number;
  is_large_patch: boolean;
  is_dense_patch: boolean;
  critical_path: boolean;
  weakening_patterns: string[];
}

/** A proposed change to one file of the runtime's source (lists leave out `content`). */
export interface Proposal {
  proposal_id: string;
  /** Relative to the source tree. */
  path: string;
  status: ProposalStatus;
  /** Unified diff. */
  diff: string;
  rationale: string;
  origin: 'skill' | 'manual';
  gate: Gate;
  created_by: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  applied_path: string | null;
  backup_path: string | null;
  /** Why the last apply was refused. */
  error: string | null;
}

export interface ApplyResult {
  ok: true;
  applied_path: string;
  /** Null for a new file. */
  backup_path: string | null;
  /** Present when the gate warned. */
  gate?: Gate;
}

/** The body of a refused apply: a syntax error (400), the gate's block (422), a stale file (409). */
export interface ApplyRefusal {
  ok: false;
  error: string;
  message?: string;
  gate?: Gate;
}

export interface PersistedPatch {
  name: string;
  file: string;
  proposal_id: string | null;
  path: string | null;
  /** What the .sha256 sidecar holds. */
  sha256: string | null;
  digest_ok: boolean;
  applied_at: string | null;
  last_start: 'reapplied' | 'already_applied' | 'skipped' | 'not_yet';
  last_start_reason: string | null;
}

export const fetchProposals = (status: ProposalStatus | undefined, signal?: AbortSignal) =>
  request<{ proposals: Proposal[] }>('/api/self-improve/proposals', {
    query: { status, limit: 200 },
    signal,
  });

export const applyProposal = (id: string) =>
  request<ApplyResult>(`/api/self-improve/${encodeURIComponent(id)}/apply`, { method: 'POST' });

export const rejectProposal = (id: string) =>
  request<{ ok: true; proposal: Proposal }>(`/api/self-improve/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
  });

export const fetchPatches = (signal?: AbortSignal) =>
  request<{ patches: PersistedPatch[] }>('/api/self-improve/patches', { signal });
