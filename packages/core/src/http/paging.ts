import { z } from 'zod';
import { parseDuration } from '../util/duration.js';

/** Query parts shared by the keyset-paged lists (audit log, traces). */

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** `since` (or `until`): a duration back from now (30s, 15m, 24h, 7d) or an ISO timestamp. */
export const sinceSchema = z.string().transform((text, ctx) => {
  const ms = parseDuration(text);
  if (ms !== null) return new Date(Date.now() - ms);
  const date = new Date(text);
  if (!Number.isNaN(date.getTime()) && /^\d{4}-\d{2}-\d{2}/.test(text)) return date;
  ctx.addIssue({ code: 'custom', message: 'must be a duration such as 24h or an ISO timestamp' });
  return z.NEVER;
});

/** `<timestamp>|<id>`, as returned in next_cursor. */
export const cursorSchema = z.string().transform((text, ctx) => {
  const split = text.lastIndexOf('|');
  const ts = text.slice(0, split);
  const id = text.slice(split + 1);
  if (split <= 0 || !ISO_MICROS.test(ts) || id.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be <timestamp>|<id> as returned in next_cursor',
    });
    return z.NEVER;
  }
  return { ts, id };
});
export type Cursor = { ts: string; id: string };

export const limitSchema = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, max));
