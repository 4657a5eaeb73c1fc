import { request } from './client';

export interface Identity {
  name: string;
  /** ISO 8601 */
  born_at: string;
  total_xp: number;
  /** 1 + floor(sqrt(total_xp / 25)) */
  level: number;
  /** total_xp at which the next level starts */
  next_level_xp: number;
  persona: string;
}

export interface IdentityChange {
  name?: string;
  persona?: string;
}

export const fetchIdentity = (signal?: AbortSignal) =>
  request<Identity>('/api/identity', { signal });

export const updateIdentity = (change: IdentityChange) =>
  request<Identity>('/api/identity', { method: 'PATCH', body: change });

/** Level n starts at 25 * (n - 1)^2 XP (the runtime's formula). */
export const levelStartXp = (level: number) => 25 * (level - 1) ** 2;
