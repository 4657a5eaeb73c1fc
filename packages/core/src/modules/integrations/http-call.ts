import { telemetry } from '../telemetry/telemetry.js';
import { type Credentials, placeCredentials } from './auth-placement.js';
import type { CredentialScrubber } from './credential-scrubber.js';
import type { ActionDefinition, IntegrationDefinition } from './integration.js';
import type { OAuthTokens } from './oauth-tokens.js';
import {
  type BuiltRequest,
  buildRequest,
  expandBaseUrl,
  requestLine,
  serializeBody,
} from './request-builder.js';
import {
  type OutboundRequest,
  sendWithRetry,
  type UpstreamResponse,
  type UpstreamTransport,
} from './upstream.js';

/** Everything one call of a built-in connector needs, credentials included. */
export interface HttpCall {
  definition: IntegrationDefinition;
  action: ActionDefinition;
  /** Validated input. */
  input: Record<string, unknown>;
  /** The base URL template in force: the operator's, or the connector's default. */
  baseUrl: string;
  /** The host of the operator's base URL, which may be private. */
  operatorHost?: string;
  /** Non-secret field values (defaults applied). */
  values: Record<string, string>;
}

/**
 * The request without credentials: for the dry run, the docs and the contract test. A secret
 * field the base URL names (`/bot{token}`) shows as `REDACTED`, or as the value given for it.
 */
export function buildCall(call: HttpCall, shownSecrets: Credentials = {}): BuiltRequest {
  const standIns = Object.fromEntries(
    call.definition.fields
      .filter((field) => field.secret)
      .map((field) => [field.name, shownSecrets[field.name] ?? 'REDACTED']),
  );
  const base = expandBaseUrl(call.baseUrl, { ...standIns, ...call.values });
  return buildRequest(call.definition, call.action, call.input, base);
}

/**
 * Sends the call with the credentials placed as the connector's scheme says. With OAuth 2.0 a
 * 401 means the cached access token went stale: it is refreshed once and the call sent again.
 * `scrubber` learns every value placed on the requests (the token endpoint's included).
 */
export async function sendCall(
  call: HttpCall,
  credentials: Credentials,
  deps: {
    transport: UpstreamTransport;
    oauth?: OAuthTokens;
    scrubber: CredentialScrubber;
    signal: AbortSignal;
  },
): Promise<{ response: UpstreamResponse; line: string }> {
  // Auth may name account settings too (a Jira user's e-mail, an OAuth client id).
  const known = { ...call.values, ...credentials };
  const base = expandBaseUrl(call.baseUrl, known);
  const built = buildRequest(call.definition, call.action, call.input, base);
  const options = {
    signal: deps.signal,
    ...(call.operatorHost ? { operatorHost: call.operatorHost } : {}),
  };
  const { auth } = call.definition;
  const send = (accessToken?: string) =>
    sendWithRetry(
      deps.transport,
      wire(placeCredentials(built, auth, known, deps.scrubber, accessToken)),
      options,
    );
  const line = requestLine(built);
  if (auth.type !== 'oauth2') return { response: await send(), line };
  const { oauth } = deps;
  if (!oauth) throw new Error(`${call.definition.id} uses OAuth 2.0 but no token cache was given`);

  const tokenUrl = tokenUrlFor(auth, base, call.values);
  const tokenCall = {
    transport: deps.transport,
    scrubber: deps.scrubber,
    signal: deps.signal,
    tokenUrl,
    ...(call.operatorHost && tokenUrl.hostname === base.hostname
      ? { operatorHost: call.operatorHost }
      : {}),
  };
  const token = await oauth.token(call.definition.id, auth, known, tokenCall);
  const response = await send(token);
  if (response.status !== 401) return { response, line };
  const fresh = await oauth.token(call.definition.id, auth, known, {
    ...tokenCall,
    stale: token,
  });
  return { response: await send(fresh), line };
}

/**
 * Where an OAuth connector's token endpoint is: a path is on the API's own host (a self-hosted
 * GitLab), a URL names the vendor's token host and may name fields (Microsoft's `{tenant}`).
 */
export function tokenUrlFor(
  auth: { tokenUrl: string },
  base: URL,
  values: Record<string, string>,
): URL {
  return auth.tokenUrl.startsWith('/')
    ? new URL(auth.tokenUrl, base.origin)
    : expandBaseUrl(auth.tokenUrl, values);
}

function wire(request: BuiltRequest): OutboundRequest {
  const body = serializeBody(request);
  // Only while traces are exported: the vendor's tracing (or a proxy's) can join our trace.
  const traceparent = telemetry().traceparent();
  return {
    method: request.method,
    url: request.url,
    headers: traceparent ? { ...request.headers, traceparent } : request.headers,
    ...(body === undefined ? {} : { body }),
  };
}
