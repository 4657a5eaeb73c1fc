import { request } from './client';

export type IsolationMode = 'bubblewrap' | 'uid' | 'none';

/** How shell, python_exec and custom skills are isolated on this runtime. */
export interface Isolation {
  mode: IsolationMode;
  /** The user sandboxed programs run as */
  uid: number;
  /** What the isolation means, in words */
  reason: string;
}

export const fetchIsolation = (signal?: AbortSignal) =>
  request<Isolation>('/api/sandbox', { signal });
