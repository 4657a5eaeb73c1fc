import { request } from './client';

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

export interface PasswordChanged {
  ok: true;
  /** Other sessions of this user that were signed out. */
  revoked_sessions: number;
}

export const changePassword = (change: PasswordChange) =>
  request<PasswordChanged>('/api/auth/password', { method: 'POST', body: change });
