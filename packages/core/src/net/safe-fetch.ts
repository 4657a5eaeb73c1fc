import type { IncomingHttpHeaders } from 'node:http';
import type { Agent, request } from 'undici';
import { AppError } from '../errors/app-error.js';
import { VERSION } from '../version.js';
import { displayUrl, type SsrfGuard } from './ssrf.js';
import { loadUndici } from './undici.js';

/** An outbound request that failed after the URL was judged safe (network, timeout, redirects). */
export class FetchError extends AppError {
  constructor(message: string, code = 'fetch_failed', status = 502) {
    super(status, code, message, {}, true);
    this.name = 'FetchError';
  }
}

export interface SafeFetcherOptions {
  guard: SsrfGuard;
  /** Default cap on the body read, in bytes. */
  maxBytes: number;
  /** Default time limit of one whole exchange, redirects included. */
  timeoutMs: number;
  userAgent?: string;
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  maxBytes?: number;
  timeoutMs?: number;
  /** Hops followed before giving up; default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface SafeFetchResult {
  /** The final URL (after redirects), without credentials. */
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  /** True when the body was longer than maxBytes and reading stopped there. */
  truncated: boolean;
  /** Every URL that answered with a redirect, in order, without credentials. */
  redirects: string[];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe a request body; they go when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language'];
/** All a cross-origin hop keeps: tokens, cookies and auth meant for one host never follow. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'user-agent']);

/**
 * HTTP for skills. Every hop is judged twice: `guard.checkUrl` before the request (scheme,
 * host, resolved addresses) and `guard.lookup` when the socket connects, so the address
 * dialled is an address judged (no DNS rebinding between the two).
 */
export class SafeFetcher {
  /** The connection pool, made at the first request. */
  private agent: Promise<Agent> | null = null;

  constructor(private readonly options: SafeFetcherOptions) {}

  private dispatcher(): Promise<Agent> {
    this.agent ??= loadUndici().then(
      ({ Agent }) => new Agent({ connect: { lookup: this.options.guard.lookup } }),
    );
    return this.agent;
  }

  async fetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const seconds = Number((timeoutMs / 1000).toFixed(1));
      const what = showUrl(input);
      controller.abort(new FetchError(`${what} timed out after ${seconds}s`, 'fetch_timeout', 504));
    }, timeoutMs);
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.follow(input, options, controller.signal);
    } catch (error) {
      // The timeout's FetchError or the caller's reason, not undici's generic abort error.
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * A separate fetcher (own guard, own connection pool) that may also reach `entries`, for
   * endpoints the operator configured (a SearXNG on the LAN); this one stays as strict.
   */
  allowing(entries: string[]): SafeFetcher {
    return new SafeFetcher({ ...this.options, guard: this.options.guard.allowing(entries) });
  }

  /** Closes pooled connections (tests, shutdown). */
  async close(): Promise<void> {
    await (await this.agent)?.close();
  }

  private async follow(
    input: string | URL,
    options: SafeFetchOptions,
    signal: AbortSignal,
  ): Promise<SafeFetchResult> {
    const maxRedirects = options.maxRedirects ?? 5;
    let method = (options.method ?? 'GET').toUpperCase();
    let body = options.body;
    let headers = lowerCaseKeys(options.headers ?? {});
    headers['user-agent'] ??= this.options.userAgent ?? `agent-runtime/${VERSION}`;
    const redirects: string[] = [];
    const visited = new Set<string>();
    let { url } = await abortable(this.options.guard.checkUrl(input), signal);

    for (;;) {
      visited.add(`${method} ${url.href}`);
      const response = await this.send(url, method, withUrlCredentials(headers, url), body, signal);
      const location = headerValue(response.headers.location);
      if (!REDIRECT_STATUSES.has(response.statusCode) || !location) {
        return { ...(await this.read(response, options, signal)), url: displayUrl(url), redirects };
      }
      // Read a redirect's (small) body so the connection can be reused; a large one is dropped.
      await response.body.dump({ limit: 64 * 1024, signal }).catch(() => {});
      redirects.push(displayUrl(url));
      if (redirects.length > maxRedirects) {
        throw new FetchError(`More than ${maxRedirects} redirects`, 'too_many_redirects');
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new FetchError(`${displayUrl(url)} redirects to an invalid URL`, 'bad_redirect');
      }
      ({ url: next } = await abortable(this.options.guard.checkUrl(next), signal));
      // Fetch semantics: 303 makes anything but HEAD a GET; 301 and 302 make a POST a GET.
      const status = response.statusCode;
      if ((status === 303 && method !== 'HEAD') || (status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = omit(headers, (name) => BODY_HEADERS.includes(name));
      }
      if (next.origin !== url.origin) headers = omit(headers, (n) => !CROSS_ORIGIN_HEADERS.has(n));
      if (visited.has(`${method} ${next.href}`)) {
        throw new FetchError(`Redirect loop at ${displayUrl(next)}`, 'redirect_loop');
      }
      url = next;
    }
  }

  private async send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
  ) {
    try {
      const { request } = await loadUndici();
      return await request(displayUrl(url), {
        dispatcher: await this.dispatcher(),
        method: method as 'GET',
        headers,
        body,
        signal,
      });
    } catch (error) {
      // The guard's refusal at connect time arrives as the socket error (or its cause).
      const cause = (error as Error).cause;
      if (error instanceof AppError) throw error;
      if (cause instanceof AppError) throw cause;
      throw new FetchError(`${displayUrl(url)} failed: ${(error as Error).message}`);
    }
  }

  private async read(
    response: Awaited<ReturnType<typeof request>>,
    options: SafeFetchOptions,
    signal: AbortSignal,
  ) {
    const maxBytes = options.maxBytes ?? this.options.maxBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (signal.aborted) break;
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        break; // leaving the loop destroys the stream: the rest is never read
      }
      chunks.push(chunk);
      size += chunk.length;
    }
    signal.throwIfAborted();
    const headers = flattenHeaders(response.headers);
    return {
      status: response.statusCode,
      headers,
      contentType: headers['content-type'] ?? '',
      body: Buffer.concat(chunks, size),
      truncated,
    };
  }
}

/** DNS inside checkUrl cannot be cancelled, but the exchange need not wait for it. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The URL as given, for a message: credentials removed, and text that is no URL left out. */
function showUrl(input: string | URL): string {
  try {
    return displayUrl(typeof input === 'string' ? new URL(input) : input);
  } catch {
    return 'The request';
  }
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function omit(headers: Record<string, string>, drop: (name: string) => boolean) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop(name)));
}

/** user:password in a URL becomes Basic auth for that URL's own request only. */
function withUrlCredentials(headers: Record<string, string>, url: URL): Record<string, string> {
  if ((!url.username && !url.password) || headers.authorization) return headers;
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { ...headers, authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A response's headers, one value each (repeated ones joined by `, `, as fetch's Headers joins them). */
export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
