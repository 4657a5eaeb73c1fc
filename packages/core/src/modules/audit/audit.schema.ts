import { z } from 'zod';
import { cursorSchema, limitSchema, sinceSchema } from '../../http/paging.js';

/** What a caller records; the writer adds the id and the time. */
export interface AuditEntryInput {
  action: string;
  actor: string;
  target?: string | null;
  detail?: Record<string, unknown>;
  exit_code?: number | null;
  error?: string | null;
  goal_id?: string | null;
  request_id?: string | null;
}

export const auditEntrySchema = z.object({
  id: z.string(),
  ts: z.string().describe('ISO 8601, UTC, microseconds'),
  action: z.string(),
  actor: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  exit_code: z.number().int().nullable(),
  error: z.string().nullable(),
  goal_id: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  since: sinceSchema.optional(),
  limit: limitSchema(50, 500).describe('Default 50, capped at 500'),
  cursor: cursorSchema.optional(),
  action: z.string().max(200).optional().describe('Exact action, or a prefix ending in * (auth.*)'),
  actor: z.string().max(200).optional(),
  goal_id: z.string().max(200).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
