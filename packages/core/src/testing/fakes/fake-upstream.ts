import type { ServerResponse } from 'node:http';
import type { AuthScheme, IntegrationField } from '../../modules/integrations/integration.js';
import type { UpstreamTransport } from '../../modules/integrations/upstream.js';
import { type LocalServer, type RecordedRequest, startLocalServer } from '../local-server.js';

/**
 * Fake vendor APIs for the integration tests, one per auth scheme. Each reads the raw HTTP
 * request the way the vendor would and refuses it with the vendor's usual 401 unless the
 * credential is where the scheme puts it; an accepted request is answered with a JSON echo of
 * what arrived (credential included, as careless APIs do), so tests also prove that an echoed
 * credential is hidden on the way back.
 */
export interface FakeUpstream extends LocalServer {
  /** Requests refused because the credential was missing or misplaced, with the reason. */
  refusals: Array<{ request: RecordedRequest; problem: string }>;
  /** Requests that passed the credential check (token-endpoint calls are not counted). */
  accepted: RecordedRequest[];
  /**
   * The next `count` API calls get this answer instead of the echo (after the auth check); a
   * function builds it from the request (an error page that echoes what it was sent).
   */
  failNext(
    count: number,
    answer: CannedAnswer | ((request: RecordedRequest) => CannedAnswer),
  ): void;
  /** OAuth 2.0 only: access tokens issued so far, and a way to expire the current one. */
  oauth: { issued: string[]; refreshes: RecordedRequest[]; revokeCurrent(): void };
}

export interface CannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeUpstreamOptions {
  auth: AuthScheme;
  /** The credential values by field name, as the operator entered them. */
  credentials: Record<string, string>;
  /** Path of the OAuth token endpoint on this server (from the connector's tokenUrl). */
  tokenPath?: string;
  /** Issue a new refresh token with every access token, and accept only the latest one. */
  rotateRefreshTokens?: boolean;
}

type Check = (request: ParsedRequest) => string | null;

interface ParsedRequest extends RecordedRequest {
  path: string;
  query: URLSearchParams;
  /** The body as the vendor would decode it: JSON or a form, else null. */
  fields: Record<string, unknown> | null;
}

export async function startFakeUpstream(options: FakeUpstreamOptions): Promise<FakeUpstream> {
  const refusals: FakeUpstream['refusals'] = [];
  const accepted: RecordedRequest[] = [];
  const canned: Array<CannedAnswer | ((request: RecordedRequest) => CannedAnswer)> = [];
  const issued: string[] = [];
  const refreshes: RecordedRequest[] = [];
  let current: string | null = null;
  const { auth } = options;
  const credentials = { ...options.credentials };

  const check: Check =
    auth.type === 'oauth2'
      ? (request) => bearerProblem(request, 'authorization', 'Bearer', current)
      : schemeCheck(auth, credentials);

  const server = await startLocalServer((recorded, response) => {
    const request = parse(recorded);
    if (auth.type === 'oauth2' && request.method === 'POST' && request.path === options.tokenPath) {
      const problem = tokenRequestProblem(request, auth, credentials);
      if (problem)
        return json(response, 400, { error: 'invalid_grant', error_description: problem });
      refreshes.push(recorded);
      current = `fake-access-${issued.length + 1}-${Math.random().toString(36).slice(2, 12)}`;
      issued.push(current);
      const answer: Record<string, unknown> = {
        access_token: current,
        token_type: 'Bearer',
        expires_in: 3600,
      };
      if (options.rotateRefreshTokens) {
        const rotated = `fake-refresh-${issued.length}-${Math.random().toString(36).slice(2, 12)}`;
        credentials[auth.refreshTokenField] = rotated;
        answer.refresh_token = rotated;
      }
      return json(response, 200, answer);
    }
    const problem = check(request);
    if (problem) {
      refusals.push({ request: recorded, problem });
      return json(response, 401, { error: 'unauthorized', message: problem });
    }
    accepted.push(recorded);
    const next = canned.shift();
    const answer = typeof next === 'function' ? next(recorded) : next;
    if (answer) return json(response, answer.status, answer.body ?? {}, answer.headers);
    return json(response, 200, {
      ok: true,
      method: request.method,
      path: request.path,
      query: Object.fromEntries(request.query),
      body: request.fields ?? request.body,
      // Careless vendors echo the caller's headers; the runtime must hide what comes back.
      echoed_headers: recorded.headers,
    });
  });
  return Object.assign(server, {
    refusals,
    accepted,
    failNext(count: number, answer: CannedAnswer | ((request: RecordedRequest) => CannedAnswer)) {
      for (let i = 0; i < count; i++) canned.push(answer);
    },
    oauth: {
      issued,
      refreshes,
      revokeCurrent() {
        current = null;
      },
    },
  });
}

function schemeCheck(auth: AuthScheme, credentials: Record<string, string>): Check {
  switch (auth.type) {
    case 'none':
      return (request) =>
        request.headers.authorization ? 'an Authorization header was sent to an open API' : null;
    case 'bearer': {
      const token = credentials[auth.field] ?? null;
      const header = (auth.header ?? 'authorization').toLowerCase();
      return (request) => bearerProblem(request, header, auth.prefix ?? 'Bearer', token);
    }
    case 'basic':
      return (request) => {
        const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(String(request.headers.authorization ?? ''));
        if (!match?.[1]) return 'no Basic Authorization header';
        const pair = Buffer.from(match[1], 'base64').toString('utf8');
        const at = pair.indexOf(':');
        const user = auth.usernameField ? credentials[auth.usernameField] : (auth.username ?? '');
        if (pair.slice(0, at) !== user) return 'wrong user name in the Basic pair';
        if (pair.slice(at + 1) !== credentials[auth.passwordField])
          return 'wrong password in the Basic pair';
        return null;
      };
    case 'api_key':
      return (request) => {
        for (const placement of auth.placements) {
          const value = credentials[placement.field];
          if (value === undefined) continue;
          const expected = `${placement.prefix ?? ''}${value}`;
          const name = placement.name ?? placement.field;
          const found =
            placement.in === 'header'
              ? request.headers[name.toLowerCase()]
              : placement.in === 'query'
                ? request.query.get(name)
                : placement.in === 'body'
                  ? request.fields?.[name]
                  : request.path.split('/').some((segment) => decode(segment).includes(value))
                    ? expected
                    : undefined;
          if (found !== expected)
            return `the ${placement.field} key is not in the ${placement.in} as ${name}`;
        }
        return null;
      };
    case 'oauth2':
      return () => 'oauth2 is checked against the issued token';
  }
}

function bearerProblem(
  request: ParsedRequest,
  header: string,
  prefix: string,
  token: string | null,
): string | null {
  const sent = request.headers[header];
  if (!token) return 'no token has been issued';
  const expected = prefix ? `${prefix} ${token}` : token;
  return sent === expected ? null : `expected the token in ${header}`;
}

function tokenRequestProblem(
  request: ParsedRequest,
  auth: Extract<AuthScheme, { type: 'oauth2' }>,
  credentials: Record<string, string>,
): string | null {
  const form = new URLSearchParams(request.body);
  if (form.get('grant_type') !== 'refresh_token') return 'grant_type must be refresh_token';
  if (form.get('refresh_token') !== credentials[auth.refreshTokenField])
    return 'unknown refresh token';
  let clientId = form.get('client_id');
  let clientSecret = form.get('client_secret');
  if (auth.clientAuthentication === 'basic') {
    const match = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''));
    const pair = Buffer.from(match?.[1] ?? '', 'base64').toString('utf8');
    const at = pair.indexOf(':');
    clientId = decode(pair.slice(0, at));
    clientSecret = decode(pair.slice(at + 1));
  }
  if (clientId !== credentials[auth.clientIdField]) return 'unknown client_id';
  if (clientSecret !== credentials[auth.clientSecretField]) return 'wrong client_secret';
  return null;
}

function parse(request: RecordedRequest): ParsedRequest {
  const url = new URL(request.url, 'http://fake.invalid');
  const type = String(request.headers['content-type'] ?? '');
  let fields: Record<string, unknown> | null = null;
  if (type.includes('json') && request.body) {
    try {
      const value = JSON.parse(request.body) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value))
        fields = value as Record<string, unknown>;
    } catch {
      fields = null;
    }
  } else if (type.includes('x-www-form-urlencoded')) {
    fields = Object.fromEntries(new URLSearchParams(request.body));
  }
  return { ...request, path: url.pathname, query: url.searchParams, fields };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A transport that sends every call to the fake instead of the vendor's host: same path, query,
 * headers and body, over real HTTP through the runtime's own (SSRF-guarded) transport.
 */
export function routeToFake(transport: UpstreamTransport, fakeUrl: string): UpstreamTransport {
  const target = new URL(fakeUrl);
  return {
    send(request, options) {
      const url = new URL(request.url.href);
      url.protocol = target.protocol;
      url.host = target.host;
      return transport.send({ ...request, url }, { ...options, operatorHost: target.hostname });
    },
  };
}

/**
 * A credential in the field's own format, unique to `seed`: the example with its last characters
 * swapped for seeded ones of the same kind (digit for digit, letter for letter of the same case,
 * hex for hex when that is what the format takes), so every connector in a test run holds a value
 * no other one does.
 */
export function uniqueCredential(field: IntegrationField, seed: string): string {
  for (const hex of [true, false]) {
    let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
    const next = (range: number) => {
      state = (state * 1103515245 + 12345) >>> 0;
      return (state >>> 8) % range;
    };
    const chars = [...field.example];
    let swapped = 0;
    for (let i = chars.length - 1; i >= 0 && swapped < 10; i--) {
      const char = chars[i] as string;
      if (/[0-9]/.test(char)) chars[i] = String(next(10));
      else if (/[a-z]/.test(char)) chars[i] = String.fromCharCode(97 + next(hex ? 6 : 26));
      else if (/[A-Z]/.test(char)) chars[i] = String.fromCharCode(65 + next(hex ? 6 : 26));
      else continue;
      swapped++;
    }
    const value = chars.join('');
    if (!field.format || field.format.test(value)) return value;
  }
  return field.example;
}
