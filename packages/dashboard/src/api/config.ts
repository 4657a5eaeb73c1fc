import { request } from './client';

/** The newest prime.md; version 0 and empty before the first save. */
export interface PrimeDocument {
  content: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

export interface PrimeVersionSummary {
  version: number;
  created_at: string;
  created_by: string;
  note: string | null;
  /** Unicode code points */
  characters: number;
  /** The version a restore copied, or null. */
  restored_from: number | null;
}

export interface PrimeVersion extends PrimeVersionSummary {
  content: string;
}

export interface PrimeSave {
  content: string;
  /** The version the edit started from; 409 version_conflict when it is not the newest. */
  base_version: number;
  note?: string | null;
}

/** The body of a 409 version_conflict. */
export interface VersionConflict {
  error: 'version_conflict';
  message: string;
  current_version: number;
}

export const PRIME_MAX_CHARACTERS = 20_000;
export const PRIME_NOTE_MAX = 200;

export interface FeatureFlag {
  name: string;
  enabled: boolean;
  doc: string;
  /** null until an operator changes it */
  updated_at: string | null;
  updated_by: string | null;
}

export type ParameterUnit = 'ms' | 'count' | 'tokens' | 'percent' | 'bytes' | 'characters';

export interface RuntimeParameter {
  name: string;
  value: number;
  /** The environment's value (or its built-in default) */
  default: number;
  source: 'environment' | 'operator';
  doc: string;
  /** ms, count, tokens, percent, bytes, characters (a newer runtime may add others) */
  unit: string;
  min: number;
  max: number;
  /** false: read at start, so a change applies after a restart */
  live: boolean;
  updated_at: string | null;
  updated_by: string | null;
}

export const fetchPrime = (signal?: AbortSignal) =>
  request<PrimeDocument>('/api/config/prime', { signal });

export const savePrime = (save: PrimeSave) =>
  request<PrimeDocument>('/api/config/prime', { method: 'PUT', body: save });

export const fetchPrimeHistory = (
  options: { limit?: number; before?: number },
  signal?: AbortSignal,
) =>
  request<{ versions: PrimeVersionSummary[] }>('/api/config/prime/history', {
    query: { limit: options.limit, before: options.before },
    signal,
  });

export const fetchPrimeVersion = (version: number, signal?: AbortSignal) =>
  request<PrimeVersion>(`/api/config/prime/history/${version}`, { signal });

export const restorePrimeVersion = (version: number) =>
  request<PrimeDocument>(`/api/config/prime/restore/${version}`, { method: 'POST' });

export const fetchFlags = (signal?: AbortSignal) =>
  request<{ flags: FeatureFlag[] }>('/api/config/flags', { signal });

export const setFlag = (name: string, enabled: boolean) =>
  request<FeatureFlag>(`/api/config/flags/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: { enabled },
  });

export const fetchParameters = (signal?: AbortSignal) =>
  request<{ parameters: RuntimeParameter[] }>('/api/config/parameters', { signal });

/** `null` returns the parameter to the environment's value. */
export const setParameter = (name: string, value: number | null) =>
  request<RuntimeParameter>(`/api/config/parameters/${encodeURIComponent(name)}`, {
    method: 'PUT',
    body: { value },
  });
