import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import {
  bodyKind,
  cutText,
  decodeBody,
  mediaType,
  truncationNote,
} from '../../../net/body-text.js';
import type { SafeFetcher } from '../../../net/safe-fetch.js';
import { displayUrl, type SsrfGuard } from '../../../net/ssrf.js';
import { REDACTED, redactText, redactValue } from '../../../security/redact.js';
import { type CapabilityLevel, defineSkill, SkillError, type SkillSimulation } from '../skill.js';
import { toSkillError } from './outbound-error.js';
import { urlTarget } from './url-target.js';

/** The methods http_request offers: GET reads (MONITORED), the others write (RESTRICTED). */
export const HTTP_REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpRequestMethod = (typeof HTTP_REQUEST_METHODS)[number];

const BODY_CHARS = 20_000;
/** Largest request body sent, in bytes of UTF-8. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;
/** Characters of the request body a dry run shows. */
const PREVIEW_CHARS = 2_000;
/** Header names whose values a dry run never shows. */
const SECRET_HEADER = /auth|token|key|secret|passw|cookie|session|signature|credential/i;

/** Response headers worth the model's attention; cookies and the rest stay out of the text. */
const SHOWN_HEADERS = [
  'content-type',
  'content-length',
  'location',
  'last-modified',
  'etag',
  'cache-control',
  'retry-after',
  'www-authenticate',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** Set by the HTTP layer itself; letting the model set them invites request smuggling. */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
]);

const inputSchema = z
  .object({
    url: z.string().min(1).describe('http(s) URL'),
    method: z.enum(HTTP_REQUEST_METHODS).default('GET').describe('HTTP method'),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe('e.g. {"Accept": "application/json"}'),
    body: z
      .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .optional()
      .describe('not for GET; a string is sent as is, else as JSON'),
  })
  .refine((input) => input.body === undefined || input.method !== 'GET', {
    message: 'a GET request carries no body',
    path: ['body'],
  });

export type HttpRequestInput = z.infer<typeof inputSchema>;

/** Reading is watched; anything that changes state on the other side needs more trust. */
export function httpRequestLevel(input: Pick<HttpRequestInput, 'method'>): CapabilityLevel {
  return input.method === 'GET' ? 'MONITORED' : 'RESTRICTED';
}

/** A raw HTTP call for APIs: the status line, the telling headers and the body as text. */
export function createHttpRequestSkill({
  fetcher,
  guard,
}: {
  fetcher: SafeFetcher;
  /** The fetcher's own guard, for the dry run's SSRF verdict. */
  guard: SsrfGuard;
}) {
  return defineSkill<HttpRequestInput>({
    name: 'http_request',
    description:
      'Call an HTTP API; returns status, main headers and body. Methods other than GET need ' +
      'more trust. For web pages use fetch_url.',
    level: 'MONITORED',
    levelFor: httpRequestLevel,
    targetOf: (input) => urlTarget(input.url),
    inputSchema,
    async execute(input, context) {
      const { headers, body: sent } = prepareRequest(input);
      const result = await fetcher
        .fetch(input.url, { method: input.method, headers, body: sent, signal: context.signal })
        .catch((error: unknown) => {
          throw toSkillError(error, context.signal);
        });
      const statusLine = `HTTP ${result.status} ${STATUS_CODES[result.status] ?? ''}`.trimEnd();
      const headerLines = SHOWN_HEADERS.filter((name) => result.headers[name] !== undefined).map(
        (name) => `${name}: ${result.headers[name]}`,
      );
      let body: string;
      let cut = 0;
      if (result.body.length === 0) body = '(empty body)';
      else if (bodyKind(result.contentType, result.body) === 'binary') {
        body = `(binary body: ${result.body.length} bytes of ${mediaType(result.contentType)})`;
      } else {
        ({ text: body, cut } = cutText(decodeBody(result.contentType, result.body), BODY_CHARS));
      }
      const lines = [`${input.method} ${result.url}`, statusLine, ...headerLines];
      return {
        text: `${lines.join('\n')}\n\n${body}${truncationNote(result)}`,
        untrusted: true,
        data: {
          method: input.method,
          url: result.url,
          status: result.status,
          content_type: result.contentType,
          bytes: result.body.length,
          truncated: result.truncated || cut > 0,
          redirects: result.redirects.length,
          ...(sent === undefined ? {} : { sent_bytes: Buffer.byteLength(sent) }),
        },
        // The audit row of a write (the runner audits RESTRICTED calls) names what it hit.
        audit: { target: redactText(`${input.method} ${result.url}`) },
      };
    },
    simulate: (input) => simulateHttpRequest(input, guard ?? null),
  });
}

/** Headers and body as they are sent; refuses HTTP-layer headers and oversized bodies. */
function prepareRequest(input: HttpRequestInput): {
  headers: Record<string, string>;
  body: string | undefined;
} {
  const headers = { ...(input.headers ?? {}) };
  const forbidden = Object.keys(headers).filter((name) =>
    FORBIDDEN_HEADERS.has(name.toLowerCase()),
  );
  if (forbidden.length > 0) {
    throw new SkillError(`These headers cannot be set: ${forbidden.join(', ')}`, 'bad_headers');
  }
  if (input.body === undefined) return { headers, body: undefined };
  const json = typeof input.body !== 'string';
  const body = json ? JSON.stringify(input.body) : (input.body as string);
  const bytes = Buffer.byteLength(body);
  if (bytes > REQUEST_BODY_MAX_BYTES) {
    throw new SkillError(
      `The body is ${bytes.toLocaleString('en-US')} bytes; at most ${REQUEST_BODY_MAX_BYTES.toLocaleString('en-US')} are sent`,
      'body_too_large',
    );
  }
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
  }
  return { headers, body };
}

/** Whether the guard would let the URL through, judged as the real request would be. */
async function ssrfVerdict(guard: SsrfGuard | null, url: string) {
  if (!guard) return { allowed: null, detail: 'checked when the request is sent' };
  try {
    const checked = await guard.checkUrl(url);
    return { allowed: true, detail: `resolves to ${checked.addresses.join(', ')}` };
  } catch (error) {
    return { allowed: false, detail: (error as Error).message };
  }
}

/**
 * The dry run of a write: the request as it would be sent (method, URL, headers with secrets
 * hidden, the start of the body) and whether the SSRF guard lets the URL through.
 */
export async function simulateHttpRequest(
  input: HttpRequestInput,
  guard: SsrfGuard | null,
): Promise<SkillSimulation> {
  const warnings: string[] = [];
  let prepared: ReturnType<typeof prepareRequest>;
  try {
    prepared = prepareRequest(input);
  } catch (error) {
    warnings.push(`The request would be refused: ${(error as Error).message}.`);
    prepared = { headers: input.headers ?? {}, body: undefined };
  }
  const ssrf = await ssrfVerdict(guard, input.url);
  if (ssrf.allowed === false) warnings.push(`The URL would be refused: ${ssrf.detail}`);
  let shownUrl = input.url;
  try {
    const parsed = new URL(input.url);
    shownUrl = displayUrl(parsed);
    if (parsed.username || parsed.password) {
      warnings.push('The URL carries a user name and password (sent as Basic auth).');
    }
  } catch {
    // Not a URL: the SSRF verdict already says so.
  }
  if (input.method === 'DELETE') warnings.push('DELETE removes data on the other side.');
  const headers = Object.fromEntries(
    Object.entries(prepared.headers).map(([name, value]) => [
      name,
      SECRET_HEADER.test(name) ? REDACTED : redactText(value),
    ]),
  );
  const body = prepared.body;
  const shownBody =
    typeof input.body === 'object'
      ? JSON.stringify(redactValue(input.body))
      : redactText(body ?? '');
  const bytes = body === undefined ? 0 : Buffer.byteLength(body);
  return {
    summary: `Would send ${input.method} ${shownUrl}${bytes > 0 ? ` with a ${bytes}-byte body` : ''}`,
    details: {
      method: input.method,
      url: shownUrl,
      headers,
      body_preview: body === undefined ? null : shownBody.slice(0, PREVIEW_CHARS),
      body_bytes: bytes,
      ssrf,
    },
    warnings,
  };
}
