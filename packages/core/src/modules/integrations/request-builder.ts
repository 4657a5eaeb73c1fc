import { ValidationError } from '../../errors/app-error.js';
import type {
  ActionDefinition,
  HttpMethod,
  IntegrationDefinition,
  QueryValue,
} from './integration.js';
import { assertHeaderSafe, expandPath, templateVariables } from './path-template.js';

/** One HTTP request before credentials are placed: what the vendor will receive, minus auth. */
export interface BuiltRequest {
  method: HttpMethod;
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** A JSON value (or a flat record for `form`); serialized after the credentials are placed. */
  body: unknown;
  bodyType: 'json' | 'form';
}

/** A host label or dotted name, for fields that name the host (`{shop}.myshopify.com`). */
const HOST_NAME =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * The base URL with its fields filled in. Fields in the host must be host names; fields in the
 * path are single encoded segments (`/bot{token}`). Only http and https, no query, no user info.
 */
export function expandBaseUrl(template: string, values: Record<string, string | undefined>): URL {
  const scheme = /^(https?:\/\/)([^/?#]*)(.*)$/i.exec(template);
  if (!scheme) throw baseUrlError('must start with http:// or https://');
  const [, prefix = '', authority = '', rest = ''] = scheme;
  const host = authority.replace(/\{([a-z][a-z0-9_]*)\}/gi, (_match, name: string) => {
    const value = values[name];
    if (!value) throw fieldError(name, 'is required in the base URL');
    if (!HOST_NAME.test(value)) throw fieldError(name, 'must be a host name');
    return value.toLowerCase();
  });
  const path = expandPath(rest, values, 'fields');
  let url: URL;
  try {
    url = new URL(`${prefix}${host}${path}`);
  } catch {
    throw baseUrlError('is not a valid URL');
  }
  if (url.username || url.password) throw baseUrlError('must not carry a user name or password');
  if (url.search || url.hash) throw baseUrlError('must not carry a query or a fragment');
  return url;
}

/**
 * Turns an action and its (already validated) input into the request the vendor documents.
 * The host always comes from the base URL: params only fill path segments, the query and the body.
 */
export function buildRequest(
  definition: Pick<IntegrationDefinition, 'headers'>,
  action: ActionDefinition,
  input: Record<string, unknown>,
  base: URL,
): BuiltRequest {
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.href);
  url.pathname = `${basePath}${expandPath(action.path, input)}`;
  for (const [name, value] of Object.entries(queryOf(action, input))) {
    if (value === undefined || value === null) continue;
    url.searchParams.append(name, String(value));
  }
  if (url.origin !== base.origin) throw new ValidationError('The request would leave the host');

  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries({ ...definition.headers, ...action.headers })) {
    assertHeaderSafe(value, 'headers', name);
    headers[name.toLowerCase()] = value;
  }
  const body = bodyOf(action, input);
  const bodyType = action.bodyType ?? 'json';
  if (body !== undefined) {
    headers['content-type'] ??=
      bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  return { method: action.method, url, headers, body, bodyType };
}

/** The request line as the vendor's documentation writes it: `GET /repos/o/r/issues?state=open`. */
export function requestLine(request: Pick<BuiltRequest, 'method' | 'url'>): string {
  return `${request.method} ${request.url.pathname}${request.url.search}`;
}

/** The body as bytes on the wire; undefined when there is none. */
export function serializeBody(request: BuiltRequest): string | undefined {
  if (request.body === undefined) return undefined;
  if (request.bodyType === 'json') return JSON.stringify(request.body);
  if (!isRecord(request.body)) throw new ValidationError('A form body must be a flat record');
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(request.body)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

/** The input fields a template, the query or the body names, for the contract test. */
export function mappedFields(action: ActionDefinition): string[] {
  const names = templateVariables(action.path).map((variable) => variable.name);
  if (Array.isArray(action.query)) names.push(...action.query);
  if (Array.isArray(action.body)) names.push(...action.body);
  return names;
}

function queryOf(action: ActionDefinition, input: Record<string, unknown>) {
  if (!action.query) return {};
  if (typeof action.query === 'function') return action.query(input);
  const picked: Record<string, QueryValue> = {};
  for (const name of action.query) picked[name] = input[name] as QueryValue;
  return picked;
}

function bodyOf(action: ActionDefinition, input: Record<string, unknown>): unknown {
  if (!action.body) return undefined;
  if (typeof action.body === 'function') return action.body(input);
  const picked: Record<string, unknown> = {};
  for (const name of action.body) if (input[name] !== undefined) picked[name] = input[name];
  return picked;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function baseUrlError(problem: string): ValidationError {
  return new ValidationError(`The base URL ${problem}`, [{ path: '/base_url', message: problem }]);
}

function fieldError(name: string, problem: string): ValidationError {
  return new ValidationError(`fields.${name} ${problem}`, [
    { path: `/fields/${name}`, message: problem },
  ]);
}
