import { ValidationError } from '../../errors/app-error.js';
import type { CredentialScrubber } from './credential-scrubber.js';
import type { AuthScheme } from './integration.js';
import { assertHeaderSafe } from './path-template.js';
import { type BuiltRequest, isRecord } from './request-builder.js';

/** Credential values by field name, as read from the vault for one call. */
export type Credentials = Record<string, string>;

/**
 * The request with the credentials placed where the scheme says: a header, the query, the body
 * or (oauth2) the cached access token as a bearer token. `path` placements are already in the
 * URL, filled in with the base URL. Returns a copy; the built request is left as it was. Every
 * value placed is handed to the call's scrubber: a header's `Basic <pair>` or `Bearer <access
 * token>` hides the pair or the token alone too (wireForms).
 */
export function placeCredentials(
  request: BuiltRequest,
  auth: AuthScheme,
  credentials: Credentials,
  scrubber: CredentialScrubber,
  accessToken?: string,
): BuiltRequest {
  const placed: BuiltRequest = {
    ...request,
    url: new URL(request.url.href),
    headers: { ...request.headers },
  };
  const setHeader = (name: string, value: string) => {
    assertHeaderSafe(value, 'credentials', name);
    scrubber.add(value);
    placed.headers[name.toLowerCase()] = value;
  };
  switch (auth.type) {
    case 'none':
      break;
    case 'bearer': {
      const token = credentials[auth.field];
      if (token === undefined) break;
      const prefix = auth.prefix ?? 'Bearer';
      setHeader(auth.header ?? 'authorization', prefix ? `${prefix} ${token}` : token);
      break;
    }
    case 'basic': {
      const password = credentials[auth.passwordField];
      if (password === undefined) break;
      const user = auth.usernameField
        ? (credentials[auth.usernameField] ?? '')
        : (auth.username ?? '');
      setHeader('authorization', `Basic ${basicPair(user, password)}`);
      break;
    }
    case 'api_key':
      for (const placement of auth.placements) {
        const value = credentials[placement.field];
        if (value === undefined || placement.in === 'path') continue;
        const sent = `${placement.prefix ?? ''}${value}`;
        const name = placement.name ?? placement.field;
        if (placement.in === 'header') setHeader(name, sent);
        else {
          scrubber.add(sent);
          if (placement.in === 'query') placed.url.searchParams.set(name, sent);
          else placed.body = withBodyField(placed, name, sent);
        }
      }
      break;
    case 'oauth2':
      if (accessToken) setHeader('authorization', `Bearer ${accessToken}`);
      break;
  }
  return placed;
}

export function basicPair(user: string, password: string): string {
  return Buffer.from(`${user}:${password}`).toString('base64');
}

function withBodyField(request: BuiltRequest, name: string, value: string): unknown {
  if (request.body === undefined) {
    request.headers['content-type'] ??=
      request.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    return { [name]: value };
  }
  if (!isRecord(request.body))
    throw new ValidationError('This action has a body the credential cannot be added to');
  return { ...request.body, [name]: value };
}
