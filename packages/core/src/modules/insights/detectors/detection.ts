import { createHash } from 'node:crypto';
import { REDACTED } from '../../../security/redact.js';
import type { CandidateKind } from '../insights.tables.js';

/** What a detector found: one opportunity with its evidence and a ready proposal. */
export interface Detection {
  kind: CandidateKind;
  fingerprint: string;
  title: string;
  support: number;
  evidence: Evidence;
  /** The body the owning module's create call takes (schedule, subscription or rule). */
  proposal: Record<string, unknown>;
}

export interface Evidence {
  summary: string;
  count: number;
  first_at: string;
  last_at: string;
  request_ids: string[];
  /** When each occurrence happened (newest first), where the timing is the point. */
  times?: string[];
}

export const fingerprintOf = (kind: CandidateKind, text: string) =>
  `${kind}:${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;

/** Text with a secret taken out cannot be turned into an automation: its value is gone. */
export const redacted = (text: string) => text.includes(REDACTED);

/** Folds case and runs of spaces, as the SQL that groups repeated requests does. */
export const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export const shorten = (text: string, length = 60) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
