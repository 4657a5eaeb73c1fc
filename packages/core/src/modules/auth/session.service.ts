import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { KvStore } from '../../store/kv/kv-store.js';
import { LazySubscription } from '../../store/kv/lazy-subscription.js';
import { BoundedMemo } from '../../util/bounded-memo.js';
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
/** Every replica hears revocations here and drops its copy at once. */
const REVOKED_TOPIC = 'session-revoked';
/** How long a verified session is reused without asking the store again. */
const VERIFIED_TTL_MS = 30_000;
const VERIFIED_MAX = 10_000;
const ECHO_WAIT_MS = 500;

/** Cache entries and revocation messages name a session by a hash, never by its id. */
const fingerprints = new BoundedMemo<string>(VERIFIED_MAX);
const fingerprint = (id: string) =>
  fingerprints.get(id, () => createHash('sha256').update(id).digest('base64url'));

/**
 * Server-side sessions in the key-value store, shared by every replica. The cookie carries
 * only a random id (signed); revoking deletes the record, so the cookie stops working everywhere.
 */
export class SessionService {
  /**
   * Sessions verified in the store recently, by fingerprint: most requests are served from here.
   * A revocation on any replica removes the entry everywhere (publish/subscribe), and a lost
   * subscription empties it, so logout and a password change still take effect at once.
   */
  private readonly verified = new Map<string, { session: Session; at: number }>();
  /** Revocations, subscribed before anything is cached. */
  private readonly revoked: LazySubscription;
  /** Each session's CSRF token as bytes, so a request's check computes no HMAC. */
  private readonly csrfTokens = new BoundedMemo<Buffer>(VERIFIED_MAX);
  /** Bumped by every revocation, so a read that raced one never caches what it read. */
  private revocations = 0;
  /** Revocations this process published, waiting to hear their own message back. */
  private readonly echoes = new Map<string, () => void>();

  constructor(
    private readonly kv: KvStore,
    private readonly csrfKey: Buffer,
    private readonly ttlMs: number,
  ) {
    this.revoked = new LazySubscription(kv, REVOKED_TOPIC, (message) => {
      this.revocations += 1;
      if (message === null) this.verified.clear();
      else {
        this.verified.delete(message);
        this.echoes.get(message)?.();
      }
    });
  }

  /** Subscribed to revocations; false while the store is down (nothing is cached then). */
  private listening(): Promise<boolean> {
    return this.revoked.ready();
  }

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
    const key = fingerprint(id);
    const hit = this.verified.get(key);
    if (hit) {
      const now = Date.now();
      if (now - hit.at < VERIFIED_TTL_MS && Date.parse(hit.session.expiresAt) > now)
        return hit.session;
      this.verified.delete(key);
    }
    const cache = await this.listening();
    const revocations = this.revocations;
    const session = await this.read(id);
    if (session && cache && revocations === this.revocations) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(key, { session, at: Date.now() });
    }
    return session;
  }

  private async read(id: string): Promise<Session | null> {
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
    await this.announceRevoked(id);
  }

  private async announceRevoked(id: string): Promise<void> {
    const key = fingerprint(id);
    this.revocations += 1;
    this.verified.delete(key);
    // Every subscriber gets a message in the same pass, so once this process hears its own the
    // other replicas have it too: the revoking request answers only then (bounded wait).
    const heard = (await this.listening())
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ECHO_WAIT_MS);
          this.echoes.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        })
      : Promise.resolve();
    await this.kv.publish(REVOKED_TOPIC, key);
    await heard;
    this.echoes.delete(key);
  }

  /** Revokes every session of the user except `keepId`; returns how many were revoked. */
  async revokeAllOf(user: string, keepId?: string): Promise<number> {
    let revoked = 0;
    for (const key of await this.kv.keys(`${KEY_PREFIX}*`)) {
      const id = key.slice(KEY_PREFIX.length);
      if (id === keepId) continue;
      const session = await this.read(id);
      if (session?.user === user && (await this.kv.delete(key))) {
        revoked += 1;
        await this.announceRevoked(id);
      }
    }
    return revoked;
  }

  /** The CSRF token is an HMAC of the session id: a token from another session never matches. */
  csrfToken(sessionId: string): string {
    return createHmac('sha256', this.csrfKey).update(`csrf:${sessionId}`).digest('base64url');
  }

  csrfTokenMatches(sessionId: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length === 0) return false;
    const expected = this.csrfTokens.get(sessionId, (id) => Buffer.from(this.csrfToken(id)));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
