import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** SPEC section 1's five calls, and nothing else. */
export type BrokerAction = 'list' | 'inspect' | 'logs' | 'start' | 'stop';

export interface AllowedCall {
  action: BrokerAction;
  /** The container named in the path (an id, an id prefix or a name); null for list. */
  container: string | null;
  query: Record<string, number | boolean>;
}

export interface Refusal {
  status: 403;
  reason: string;
  message: string;
}

/** A container reference as the engine accepts it: an id, an id prefix or a name. */
const CONTAINER = '([A-Za-z0-9][A-Za-z0-9_.-]{0,127})';

type QueryRule = (value: string) => number | boolean | null;

const whole =
  (min: number, max: number): QueryRule =>
  (value) => {
    if (!/^\d{1,6}$/.test(value)) return null;
    const number = Number(value);
    return number >= min && number <= max ? number : null;
  };
const flag: QueryRule = (value) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : null;

interface Route {
  method: 'GET' | 'POST';
  action: BrokerAction;
  pattern: RegExp;
  query: Record<string, QueryRule>;
}

const ROUTES: Route[] = [
  { method: 'GET', action: 'list', pattern: /^\/containers\/list$/, query: { all: flag } },
  {
    method: 'GET',
    action: 'inspect',
    pattern: new RegExp(`^/containers/${CONTAINER}/inspect$`),
    query: {},
  },
  {
    method: 'GET',
    action: 'logs',
    pattern: new RegExp(`^/containers/${CONTAINER}/logs$`),
    query: { tail: whole(1, 1000) },
  },
  {
    method: 'POST',
    action: 'start',
    pattern: new RegExp(`^/containers/${CONTAINER}/start$`),
    query: {},
  },
  {
    method: 'POST',
    action: 'stop',
    pattern: new RegExp(`^/containers/${CONTAINER}/stop$`),
    query: { timeout: whole(0, 60) },
  },
];

/** Only these characters may appear in a path: no percent-encoding, no backslashes. */
const PLAIN_PATH = /^\/[A-Za-z0-9_./-]*$/;
const PLAIN_QUERY = /^[A-Za-z0-9_=&.-]*$/;

const refuse = (reason: string, message: string): Refusal => ({ status: 403, reason, message });

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time: both sides are hashed to the same length before the comparison. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

function parseQuery(
  raw: string,
  rules: Record<string, QueryRule>,
): Record<string, number | boolean> | null {
  if (raw === '') return {};
  if (!PLAIN_QUERY.test(raw)) return null;
  const query: Record<string, number | boolean> = {};
  for (const pair of raw.split('&')) {
    const [key = '', value, extra] = pair.split('=');
    const rule = rules[key];
    if (!rule || value === undefined || extra !== undefined || Object.hasOwn(query, key))
      return null;
    const parsed = rule(value);
    if (parsed === null) return null;
    query[key] = parsed;
  }
  return query;
}

/**
 * Judges one request before anything reaches the engine: HTTP/1.1 only, a bearer token equal
 * to the broker's, no body, and exactly one of the five calls with a path written plainly (no
 * percent-encoding, no `..`, no empty segment, no version prefix) and only the query parameters
 * that call documents, each once.
 */
export function judgeRequest(request: IncomingMessage, token: string): AllowedCall | Refusal {
  if (request.httpVersion !== '1.1')
    return refuse('http_version', `HTTP/${request.httpVersion} is refused; use HTTP/1.1`);
  if (request.headers.upgrade !== undefined)
    return refuse('upgrade', 'Upgrade requests (attach, exec) are refused');
  if (!tokenMatches(request.headers.authorization, token))
    return refuse('unauthorized', 'A valid broker token is required');
  const length = request.headers['content-length'];
  if (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  )
    return refuse('body', 'Requests with a body are refused');

  const url = request.url ?? '';
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const rawQuery = at < 0 ? '' : url.slice(at + 1);
  if (!PLAIN_PATH.test(path) || path.includes('..') || path.includes('//'))
    return refuse('path', 'The path is not one of the broker calls');
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (request.method !== route.method)
      return refuse('method', `${request.method} ${path} is not one of the broker calls`);
    const query = parseQuery(rawQuery, route.query);
    if (!query)
      return refuse(
        'query',
        `Query parameters of ${route.action} are: ${Object.keys(route.query).join(', ') || 'none'}`,
      );
    return { action: route.action, container: match[1] ?? null, query };
  }
  return refuse('path', `${request.method} ${path} is not one of the broker calls`);
}
