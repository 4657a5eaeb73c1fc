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

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNextPath(next: string | undefined): string {
  if (
    !next?.startsWith('/') ||
    next.startsWith('//') ||
    next.startsWith('/\\') ||
    next.startsWith('/login')
  ) {
    return '/overview';
  }
  return next;
}
