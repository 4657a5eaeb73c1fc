import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { KvStore } from '../../store/kv/kv-store.js';
import { parseJsonWith } from '../../util/json.js';
import type { Vault } from '../vault/vault.service.js';
import { basicPair, type Credentials } from './auth-placement.js';
import type { CredentialScrubber } from './credential-scrubber.js';
import { accessTokenName, credentialName } from './credentials.js';
import type { AuthScheme } from './integration.js';
import { sendWithRetry, type UpstreamTransport } from './upstream.js';

type OAuth2 = Extract<AuthScheme, { type: 'oauth2' }>;

/** A token this close to its expiry is refreshed before use rather than sent and refused. */
const EXPIRY_MARGIN_MS = 60_000;
const LOCK_TTL_MS = 15_000;
const WAIT_STEP_MS = 100;

const cachedSchema = z.object({ access_token: z.string().min(1), expires_at: z.number() });
const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});

/**
 * Where and how one refresh is sent: the call's own transport, so tests reach their fake, and
 * its scrubber, which learns the client's Basic pair and a rotated refresh token.
 */
export interface TokenCall {
  transport: UpstreamTransport;
  scrubber: CredentialScrubber;
  tokenUrl: URL;
  signal: AbortSignal;
  operatorHost?: string;
}

/** The token endpoint said no (a revoked or expired refresh token); the caller reads why. */
export class TokenRefreshError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'TokenRefreshError';
  }
}

/**
 * OAuth 2.0 access tokens for connectors with the refresh-token grant. The token is cached
 * sealed in the vault (never in clear, shared by every replica) with its expiry, refreshed when
 * it is about to expire or when the vendor answers 401; one replica refreshes at a time, so a
 * vendor that rotates refresh tokens does not see two refreshes race.
 */
export class OAuthTokens {
  constructor(
    private readonly vault: Vault,
    private readonly kv: KvStore,
    /** Told when a vendor rotated the refresh token, a credential calls read. */
    private readonly onCredentialChange: (integrationId: string) => Promise<void> = async () => {},
  ) {}

  async token(
    integrationId: string,
    auth: OAuth2,
    credentials: Credentials,
    call: TokenCall & { stale?: string },
  ): Promise<string> {
    const cached = await this.cached(integrationId);
    if (cached && cached !== call.stale) return cached;
    const lock = `int:oauth-refresh:${integrationId}`;
    const owner = randomUUID();
    if (!(await this.kv.setIfAbsent(lock, owner, { ttlMs: LOCK_TTL_MS }))) {
      // Another replica is refreshing: its token is ours as soon as it lands.
      const deadline = Date.now() + LOCK_TTL_MS;
      while (Date.now() < deadline && !call.signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
        const fresh = await this.cached(integrationId);
        if (fresh && fresh !== call.stale) return fresh;
      }
    }
    try {
      return await this.refresh(integrationId, auth, credentials, call);
    } finally {
      if ((await this.kv.get(lock)) === owner) await this.kv.delete(lock);
    }
  }

  /** Drops the cached token (credentials removed or replaced). */
  async forget(integrationId: string): Promise<void> {
    await this.vault.delete(accessTokenName(integrationId));
  }

  private async cached(integrationId: string): Promise<string | null> {
    const raw = await this.vault.get(accessTokenName(integrationId));
    const cached = raw === null ? undefined : parseJsonWith(cachedSchema, raw);
    if (!cached || cached.expires_at - EXPIRY_MARGIN_MS <= Date.now()) return null;
    return cached.access_token;
  }

  private async refresh(
    integrationId: string,
    auth: OAuth2,
    credentials: Credentials,
    call: TokenCall,
  ): Promise<string> {
    const clientId = credentials[auth.clientIdField] ?? '';
    const clientSecret = credentials[auth.clientSecretField] ?? '';
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: credentials[auth.refreshTokenField] ?? '',
    });
    if (auth.scopes?.length) form.set('scope', auth.scopes.join(' '));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (auth.clientAuthentication === 'basic') {
      headers.authorization = `Basic ${basicPair(encodeURIComponent(clientId), encodeURIComponent(clientSecret))}`;
      call.scrubber.add(headers.authorization);
    } else {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    }
    const response = await sendWithRetry(
      call.transport,
      { method: 'POST', url: call.tokenUrl, headers, body: form.toString() },
      { signal: call.signal, ...(call.operatorHost ? { operatorHost: call.operatorHost } : {}) },
    );
    const parsed =
      response.status < 300
        ? parseJsonWith(tokenResponse, response.body.toString('utf8'))
        : undefined;
    if (!parsed) {
      throw new TokenRefreshError(
        `The token endpoint did not issue an access token (HTTP ${response.status})`,
        response.status,
      );
    }
    // The access token is learnt where it is placed; a rotated refresh token is a credential.
    call.scrubber.add(parsed.refresh_token);
    const expiresAt = Date.now() + (parsed.expires_in ?? 3600) * 1000;
    await this.vault.put(
      accessTokenName(integrationId),
      JSON.stringify({ access_token: parsed.access_token, expires_at: expiresAt }),
    );
    // Vendors that rotate refresh tokens hand out a new one with every access token.
    if (parsed.refresh_token && parsed.refresh_token !== credentials[auth.refreshTokenField]) {
      await this.vault.put(
        credentialName(integrationId, auth.refreshTokenField),
        parsed.refresh_token,
      );
      await this.onCredentialChange(integrationId);
    }
    return parsed.access_token;
  }
}
