import { request } from './client';

export type ConfirmationStatus = 'pending' | 'approved' | 'denied';
export type Decision = 'approve' | 'deny';

export interface Simulation {
  summary: string;
  details: Record<string, unknown>;
  warnings: string[];
}

/** What the input guard found in one untrusted source of the run. */
export interface TaintEvidence {
  source: string;
  flagged: boolean;
  signals: string[];
  /** The flagged part, invisible characters and hidden page text made visible. */
  excerpt: string | null;
}

/** A skill call waiting for (or decided by) the operator, as the autonomy mode requires. */
export interface Confirmation {
  confirmation_id: string;
  request_id: string;
  chat_id: string | null;
  goal_id: string | null;
  skill: string;
  level: string;
  /** The call's input, secrets redacted. */
  input: unknown;
  /** Dry-run preview, for RESTRICTED and PRIVILEGED skills. */
  simulation: Simulation | null;
  /**
   * The untrusted sources (a web page, a mail, an integration's answer) the run had read when
   * they made this call ask in a mode that would not have asked; null otherwise.
   */
  tainted_by?: string[] | null;
  /** The guard's finding for each source of `tainted_by`. */
  taint_evidence?: TaintEvidence[] | null;
  status: ConfirmationStatus;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** A user name, or `timeout` / `cancelled`. */
  decided_by: string | null;
}

export const fetchConfirmations = (status: ConfirmationStatus, signal?: AbortSignal) =>
  request<{ confirmations: Confirmation[] }>('/api/confirmations', {
    query: { status, limit: 200 },
    signal,
  });

export const fetchConfirmation = (id: string, signal?: AbortSignal) =>
  request<{ confirmation: Confirmation }>(`/api/confirmations/${encodeURIComponent(id)}`, {
    signal,
  });

/** Approving a call that follows flagged content must say the operator read the warning. */
export const needsAcknowledgement = (confirmation: Confirmation) =>
  (confirmation.taint_evidence ?? []).some((evidence) => evidence.flagged);

export const decideConfirmation = (id: string, decision: Decision, acknowledgeWarning = false) =>
  request<{ ok: true; confirmation: Confirmation }>(
    `/api/confirmations/${encodeURIComponent(id)}/${decision}`,
    {
      method: 'POST',
      ...(acknowledgeWarning ? { body: { acknowledge_warning: true } } : {}),
    },
  );
