import { z } from 'zod';

export const loginBodySchema = z.object({
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024),
  /** Page to return to after a browser form sign-in. */
  next: z.string().max(2048).optional(),
});

export const loginResponseSchema = z.object({
  ok: z.literal(true),
  user: z.string(),
  csrf_token: z.string(),
});

export const sessionResponseSchema = z.object({
  user: z.string(),
  csrf_token: z.string(),
  expires_at: z.string(),
});

export const passwordChangeSchema = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: z.string().min(1).max(1024).describe('At least 12 characters'),
});

export const okSchema = z.object({ ok: z.literal(true) });

export const passwordChangedSchema = z.object({
  ok: z.literal(true),
  revoked_sessions: z.number().int(),
});

const AFTER_SIGN_IN = '/overview';
/** Printable ASCII without space or backslash: anything else in a Location header is refused. */
const PATH_CHARACTERS = /^[\x21-\x5b\x5d-\x7e]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const REFUSED_DECODED = /[\x00-\x1f\x7f\\]/;

/**
 * Only same-origin paths are followed after sign-in. Control characters, backslashes and a
 * second leading slash are refused in plain and in percent-encoded form (browsers read `/\host`
 * and `//host` as another origin; a line break would split the Location header).
 * The dashboard's auth-redirect.ts applies the same rule.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next?.startsWith('/') || !PATH_CHARACTERS.test(next)) return AFTER_SIGN_IN;
  let decoded = next;
  // Double encoding (%252F) is unwrapped too, a few layers deep.
  for (let layer = 0; layer < 3; layer++) {
    let once: string;
    try {
      once = decodeURIComponent(decoded);
    } catch {
      return AFTER_SIGN_IN;
    }
    if (
      REFUSED_DECODED.test(once) ||
      !once.startsWith('/') ||
      once.startsWith('//') ||
      once.startsWith('/login')
    )
      return AFTER_SIGN_IN;
    if (once === decoded) break;
    decoded = once;
  }
  return next;
}
