import { request } from './client';

/** One record found by GET /api/search. */
export interface SearchResult {
  id: string;
  title: string;
  /** A second line: status, excerpt or counts. */
  detail: string | null;
  /** The dashboard path that shows the record. */
  url: string;
  /** When the record last changed (ISO 8601), if it has a time. */
  at: string | null;
}

/** The results of one source (goals, traces, ...); `error` when it could not answer. */
export interface SearchGroup {
  source: string;
  label: string;
  results: SearchResult[];
  error: 'source_failed' | 'source_timeout' | null;
}

export interface SearchResponse {
  query: string;
  groups: SearchGroup[];
}

export const searchRecords = (text: string, limit: number, signal?: AbortSignal) =>
  request<SearchResponse>('/api/search', { query: { q: text, limit }, signal });
