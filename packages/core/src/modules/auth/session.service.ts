import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { KvStore } from '../../store/kv/kv-store.js';
import { parseJsonWith } from '../../util/json.js';

export interface Session {
  id: string;
  user: string;
  createdAt: string;
  expiresAt: string;
}

const sessionRecord = z.object({
  user: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
const KEY_PREFIX = 'session:';

/**
 * Server-side sessions in the key-value store, shared by every replica. The cookie carries
 * only a random id (signed); revoking deletes the record, so the cookie stops working everywhere.
 */
export class SessionService {
  constructor(
    private readonly kv: KvStore,
    private readonly csrfKey: Buffer,
    private readonly ttlMs: number,
  ) {}

  async create(user: string): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    const session = {
      id,
      user,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.ttlMs).toISOString(),
    };
    await this.kv.set(
      KEY_PREFIX + id,
      JSON.stringify({ user, created_at: session.createdAt, expires_at: session.expiresAt }),
      { ttlMs: this.ttlMs },
    );
    return session;
  }

  async load(id: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const raw = await this.kv.get(KEY_PREFIX + id);
    if (!raw) return null;
    const record = parseJsonWith(sessionRecord, raw);
    if (!record) return null;
    // The record's own expiry is checked too, in case a backend keeps a key past its TTL.
    if (Date.parse(record.expires_at) <= Date.now()) {
      await this.kv.delete(KEY_PREFIX + id);
      return null;
    }
    return { id, user: record.user, createdAt: record.created_at, expiresAt: record.expires_at };
  }

  async revoke(id: string): Promise<void> {
    await this.kv.delete(KEY_PREFIX + id);
  }

  /** Revokes every session of the user except `keepId`; returns how many were revoked. */
  async revokeAllOf(user: string, keepId?: string): Promise<number> {
    let revoked = 0;
    for (const key of await this.kv.keys(`${KEY_PREFIX}*`)) {
      const id = key.slice(KEY_PREFIX.length);
      if (id === keepId) continue;
      const session = await this.load(id);
      if (session?.user === user && (await this.kv.delete(key))) revoked += 1;
    }
    return revoked;
  }

  /** The CSRF token is an HMAC of the session id: a token from another session never matches. */
  csrfToken(sessionId: string): string {
    return createHmac('sha256', this.csrfKey).update(`csrf:${sessionId}`).digest('base64url');
  }

  csrfTokenMatches(sessionId: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length === 0) return false;
    const expected = Buffer.from(this.csrfToken(sessionId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
