import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SafeFetcher } from '../../net/safe-fetch.js';
import { createSsrfGuard } from '../../net/ssrf.js';
import { deriveKeys } from '../../security/keys.js';
import { redactText } from '../../security/redact.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { routeToFake, startFakeUpstream } from '../../testing/fakes/fake-upstream.js';
import { openScratchKvStore } from '../../testing/services.js';
import { Vault } from '../vault/vault.service.js';
import { CredentialScrubber } from './credential-scrubber.js';
import { accessTokenName, credentialName } from './credentials.js';
import { type HttpCall, sendCall } from './http-call.js';
import {
  type AuthScheme,
  defineAction,
  defineIntegration,
  type IntegrationDefinition,
} from './integration.js';
import { OAuthTokens } from './oauth-tokens.js';
import { SafeUpstream } from './upstream.js';

/** A two-action connector with the given auth, for exercising each scheme on the wire. */
function connector(
  auth: AuthScheme,
  fields: IntegrationDefinition['fields'],
  baseUrl = 'https://api.vendor.example/v1',
) {
  return defineIntegration({
    id: 'vendor',
    name: 'Vendor',
    category: 'ops',
    docsUrl: 'https://vendor.example/docs',
    apiVersion: '1',
    baseUrl,
    auth,
    fields,
    testAction: 'whoami',
    actions: {
      whoami: defineAction({
        description: 'Who am I.',
        risk: 'read',
        method: 'GET',
        path: '/me',
        input: z.object({}),
        example: { input: {}, request: 'GET /v1/me' },
      }),
      create: defineAction({
        description: 'Create a thing.',
        risk: 'write',
        method: 'POST',
        path: '/things',
        input: z.object({ name: z.string() }),
        body: ['name'],
        example: { input: { name: 'x' }, request: 'POST /v1/things' },
      }),
    },
  });
}

const secret = (name: string) => ({ name, label: name, secret: true, example: 'x' });

let kv: { kv: KvStore; destroy(): Promise<void> };
let vault: Vault;
let oauth: OAuthTokens;
const fetcher = new SafeFetcher({
  guard: createSsrfGuard({ allowlist: [] }),
  maxBytes: 65_536,
  timeoutMs: 5_000,
});
const transport = new SafeUpstream(fetcher, { timeoutMs: 5_000, maxBytes: 65_536 });

beforeAll(async () => {
  kv = await openScratchKvStore();
  vault = new Vault(kv.kv, deriveKeys('d'.repeat(64)).vault);
  oauth = new OAuthTokens(vault, kv.kv);
});
afterAll(async () => {
  await transport.close();
  await fetcher.close();
  await kv.destroy();
});

async function call(
  definition: IntegrationDefinition,
  credentials: Record<string, string>,
  action = 'create',
  values: Record<string, string> = {},
) {
  const fake = await startFakeUpstream({
    auth: definition.auth,
    credentials: { ...values, ...credentials },
    ...(definition.auth.type === 'oauth2'
      ? { tokenPath: new URL(definition.auth.tokenUrl, definition.baseUrl).pathname }
      : {}),
  });
  const http: HttpCall = {
    definition,
    action: definition.actions[action] as HttpCall['action'],
    input: action === 'create' ? { name: 'widget' } : {},
    baseUrl: definition.baseUrl,
    values,
  };
  const scrubber = new CredentialScrubber(Object.values(credentials));
  const run = () =>
    sendCall(http, credentials, {
      transport: routeToFake(transport, fake.url),
      oauth,
      scrubber,
      signal: AbortSignal.timeout(5_000),
    });
  return { fake, run, scrubber };
}

describe('credential placement on the wire, one fake vendor per scheme', () => {
  it('bearer: Authorization with the prefix, or the vendor header and prefix', async () => {
    for (const auth of [
      { type: 'bearer', field: 'token' },
      { type: 'bearer', field: 'token', header: 'X-Auth-Token', prefix: '' },
      { type: 'bearer', field: 'token', prefix: 'GenieKey' },
    ] as const) {
      const { fake, run } = await call(connector(auth, [secret('token')]), { token: 'tok-123456' });
      expect((await run()).response.status).toBe(200);
      expect(fake.refusals).toEqual([]);
      await fake.close();
    }
  });

  it('basic: a fixed user name or a user field, and the password field', async () => {
    const fixed = connector({ type: 'basic', username: 'api', passwordField: 'key' }, [
      secret('key'),
    ]);
    const a = await call(fixed, { key: 'key-abcdef' });
    expect((await a.run()).response.status).toBe(200);
    await a.fake.close();
    const user = connector({ type: 'basic', usernameField: 'email', passwordField: 'token' }, [
      { name: 'email', label: 'E-mail', secret: false, example: 'me@example.com' },
      secret('token'),
    ]);
    const b = await call(user, { token: 'tok-987654' }, 'create', { email: 'ops@example.com' });
    expect((await b.run()).response.status).toBe(200);
    expect(b.fake.refusals).toEqual([]);
    await b.fake.close();
  });

  it('api_key: in a header, the query, the body and the path', async () => {
    const definition = connector(
      {
        type: 'api_key',
        placements: [
          { in: 'header', name: 'X-Api-Key', field: 'key', prefix: 'Key ' },
          { in: 'query', name: 'token', field: 'token' },
          { in: 'body', name: 'secret', field: 'body_secret' },
          { in: 'path', field: 'path_token' },
        ],
      },
      [secret('key'), secret('token'), secret('body_secret'), secret('path_token')],
      'https://api.vendor.example/bot{path_token}',
    );
    const credentials = {
      key: 'k-111111',
      token: 't-222222',
      body_secret: 'b-333333',
      path_token: '123:AAsecret',
    };
    const { fake, run } = await call(definition, credentials);
    expect((await run()).response.status).toBe(200);
    expect(fake.refusals).toEqual([]);
    const sent = fake.accepted[0];
    expect(sent?.url).toBe('/bot123%3AAAsecret/things?token=t-222222');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ name: 'widget', secret: 'b-333333' });
    // The GET has no body: the body key travels in a JSON body of its own.
    await fake.close();
  });

  it('api_key: an optional credential that is not set is not sent', async () => {
    const definition = connector(
      { type: 'api_key', placements: [{ in: 'header', name: 'Authorization', field: 'auth' }] },
      [{ ...secret('auth'), optional: true }],
    );
    const { fake, run } = await call(definition, {}, 'whoami');
    expect((await run()).response.status).toBe(200);
    expect(fake.accepted[0]?.headers.authorization).toBeUndefined();
    await fake.close();
  });

  it('none: nothing is added', async () => {
    const { fake, run } = await call(connector({ type: 'none' }, []), {}, 'whoami');
    expect((await run()).response.status).toBe(200);
    expect(fake.refusals).toEqual([]);
    await fake.close();
  });

  it('oauth2: refreshes, caches the access token sealed, and refreshes once on a 401', async () => {
    const definition = connector(
      {
        type: 'oauth2',
        tokenUrl: 'https://auth.vendor.example/oauth/token',
        clientIdField: 'client_id',
        clientSecretField: 'client_secret',
        refreshTokenField: 'refresh_token',
        clientAuthentication: 'basic',
        scopes: ['read', 'write'],
      },
      [
        { name: 'client_id', label: 'Client id', secret: false, example: 'cid' },
        secret('client_secret'),
        secret('refresh_token'),
      ],
    );
    const credentials = { client_secret: 'cs-444444', refresh_token: 'rt-555555' };
    await oauth.forget('vendor');
    const { fake, run } = await call(definition, credentials, 'create', { client_id: 'app-1' });
    expect((await run()).response.status).toBe(200);
    expect((await run()).response.status).toBe(200);
    expect(fake.oauth.refreshes).toHaveLength(1);
    expect(new URLSearchParams(fake.oauth.refreshes[0]?.body).get('scope')).toBe('read write');
    const sealed = (await kv.kv.get(`vault:${accessTokenName('vendor')}`)) ?? '';
    expect(sealed).not.toContain(fake.oauth.issued[0]);
    expect(await vault.get(accessTokenName('vendor'))).toContain(fake.oauth.issued[0]);

    fake.oauth.revokeCurrent();
    expect((await run()).response.status).toBe(200);
    expect(fake.oauth.refreshes).toHaveLength(2);
    expect(fake.refusals).toHaveLength(1);
    // Refreshed once: a vendor that keeps refusing gets its 401 back, not a loop.
    fake.failNext(2, { status: 401, body: { error: 'nope' } });
    expect((await run()).response.status).toBe(401);
    expect(fake.oauth.refreshes).toHaveLength(3);
    expect(redactText(`token ${fake.oauth.issued.at(-1)}`)).not.toContain(fake.oauth.issued.at(-1));
    await fake.close();
  });

  it('oauth2: a rotated refresh token replaces the stored one', async () => {
    const definition = connector(
      {
        type: 'oauth2',
        tokenUrl: '/oauth/token',
        clientIdField: 'client_id',
        clientSecretField: 'client_secret',
        refreshTokenField: 'refresh_token',
      },
      [secret('client_id'), secret('client_secret'), secret('refresh_token')],
    );
    await oauth.forget('vendor');
    const credentials = { client_id: 'cid-1', client_secret: 'cs-2', refresh_token: 'rt-3' };
    const fake = await startFakeUpstream({
      auth: definition.auth,
      credentials,
      tokenPath: '/oauth/token',
      rotateRefreshTokens: true,
    });
    const http: HttpCall = {
      definition,
      action: definition.actions.whoami as HttpCall['action'],
      input: {},
      baseUrl: definition.baseUrl,
      values: {},
    };
    const send = async () => {
      const stored = await vault.get(credentialName('vendor', 'refresh_token'));
      return sendCall(
        http,
        { ...credentials, refresh_token: stored ?? credentials.refresh_token },
        {
          transport: routeToFake(transport, fake.url),
          oauth,
          scrubber: new CredentialScrubber(),
          signal: AbortSignal.timeout(5_000),
        },
      );
    };
    expect((await send()).response.status).toBe(200);
    // The token path is on the API's own host.
    expect(fake.oauth.refreshes[0]?.url).toBe('/oauth/token');
    const rotated = await vault.get(credentialName('vendor', 'refresh_token'));
    expect(rotated).toMatch(/^fake-refresh-1-/);
    fake.oauth.revokeCurrent();
    expect((await send()).response.status).toBe(200);
    expect(new URLSearchParams(fake.oauth.refreshes[1]?.body).get('refresh_token')).toBe(rotated);
    await fake.close();
  });

  it('hands every value placed on the wire to the call scrubber', async () => {
    // The user name is an account setting, not a credential: the pair is learnt where it is made.
    const auth = { type: 'basic', usernameField: 'user', passwordField: 'pass' } as const;
    const definition = connector(auth, [
      { name: 'user', label: 'User', secret: false, example: 'someone' },
      secret('pass'),
    ]);
    const { fake, run, scrubber } = await call(definition, { pass: 'p@ss word/1' }, 'whoami', {
      user: 'ops-user',
    });
    expect((await run()).response.status).toBe(200);
    const sent = String(fake.accepted[0]?.headers.authorization);
    const pair = Buffer.from('ops-user:p@ss word/1').toString('base64');
    expect(sent).toBe(`Basic ${pair}`);
    for (const form of ['p@ss word/1', 'p%40ss%20word%2F1', 'p%40ss+word%2F1', pair, sent])
      expect(scrubber.text(`echo: ${form}`)).toBe('echo: [REDACTED]');
    await fake.close();
  });
});
