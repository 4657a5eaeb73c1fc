import { request } from './client';

export interface Session {
  user: string;
  csrf_token: string;
  /** ISO 8601 */
  expires_at: string;
}

export const fetchSession = (signal?: AbortSignal) => request<Session>('/auth/session', { signal });

export const logout = () => request<{ ok: true }>('/auth/logout', { method: 'POST' });
