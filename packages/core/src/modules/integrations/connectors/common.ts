import { z } from 'zod';

/**
 * Small pieces the connector files share: a page-size field, and readers that let a `result`
 * mapper keep the few fields the model needs of a vendor's answer without trusting its shape.
 */

/** An optional page size, capped at the vendor's maximum. */
export function pageSize(max: number, what = 'items') {
  return z
    .number()
    .int()
    .min(1)
    .max(max)
    .optional()
    .describe(`How many ${what} to return (1-${max}).`);
}

/** The value at a dotted path (`user.login`), or undefined where the answer lacks it. */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The array at a path (or the value itself), or an empty list where there is none. */
export function list(value: unknown, path?: string): unknown[] {
  const found = path === undefined ? value : at(value, path);
  return Array.isArray(found) ? found : [];
}

/**
 * The named fields of a record; a key may be a dotted path, kept under its last segment's
 * name unless renamed with `name:path` (`author:user.login`).
 */
export function pick(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const [name, path] = key.includes(':') ? key.split(':', 2) : [key.split('.').at(-1), key];
    const found = at(value, path as string);
    if (found !== undefined) picked[name as string] = found;
  }
  return picked;
}

/** `pick` over each record of a list. */
export function pickEach(value: unknown, keys: readonly string[], path?: string) {
  return list(value, path).map((item) => pick(item, keys));
}

/** Slack-style answers: `{"ok": false, "error": "channel_not_found"}` with HTTP 200. */
export function okFalse(body: unknown): string | null {
  if (at(body, 'ok') !== false) return null;
  const error = at(body, 'error');
  return typeof error === 'string' ? error : 'ok: false';
}

/** GraphQL answers: HTTP 200 with `{"errors": [{"message": ...}]}` (data may be partial). */
export function graphqlErrors(body: unknown): string | null {
  const errors = list(body, 'errors');
  if (errors.length === 0) return null;
  return errors.map((error) => String(at(error, 'message') ?? 'error')).join('; ');
}
