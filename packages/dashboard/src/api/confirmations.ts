import { request } from './client';

export type ConfirmationStatus = 'pending' | 'approved' | 'denied';
export type Decision = 'approve' | 'deny';

export interface Simulation {
  summary: string;
  details: Record<string, unknown>;
  warnings: string[];
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

export const decideConfirmation = (id: string, decision: Decision) =>
  request<{ ok: true; confirmation: Confirmation }>(
    `/api/confirmations/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
