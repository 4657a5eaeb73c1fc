import { AppError } from '../../errors/app-error.js';
import type { SafeFetcher } from '../../net/safe-fetch.js';

/** The request as it goes on the wire: credentials placed, body serialized. */
export interface OutboundRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  /** The body was longer than the byte cap and was cut there. */
  truncated: boolean;
}

export interface SendOptions {
  signal: AbortSignal;
  /**
   * The host of a base URL the operator set: it may be on the LAN (Home Assistant lives there),
   * so private addresses are allowed for it, and for it alone.
   */
  operatorHost?: string;
}

/** How an integration call reaches the vendor. Production: the SSRF-guarded fetcher. */
export interface UpstreamTransport {
  send(request: OutboundRequest, options: SendOptions): Promise<UpstreamResponse>;
}

/** Why a call failed, for the breaker, the metrics and the error the caller reads. */
export type FailureKind =
  | 'timeout'
  | 'network'
  | 'blocked'
  | 'upstream_5xx'
  | 'upstream_429'
  | 'upstream_4xx'
  /** A 2xx answer that reports a failure (see IntegrationDefinition.failureIn). */
  | 'upstream_reported';

/** Timeouts, network errors, 5xx and 429 say the vendor is in trouble; other 4xx say the caller is. */
export function countsAgainstBreaker(kind: FailureKind): boolean {
  return (
    kind === 'timeout' ||
    kind === 'network' ||
    kind === 'upstream_5xx' ||
    kind === 'upstream_429' ||
    kind === 'upstream_reported'
  );
}

export function failureOfStatus(status: number): FailureKind | null {
  if (status === 429) return 'upstream_429';
  if (status >= 500) return 'upstream_5xx';
  if (status >= 400) return 'upstream_4xx';
  return null;
}

/** A call that reached no answer: the fetcher's errors sorted into failure kinds. */
export class TransportFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'TransportFailure';
  }
}

export function transportFailure(error: unknown): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const code = error instanceof AppError ? error.code : '';
  const message = (error as Error).message;
  if (code === 'fetch_timeout') return new TransportFailure('timeout', message);
  if (code === 'url_blocked') return new TransportFailure('blocked', message);
  return new TransportFailure('network', message);
}

/**
 * The SSRF-guarded fetcher with the integrations' limits. A vendor's default host must be public;
 * a host the operator set gets a fetcher that also allows it (one per host, pooled).
 */
export class SafeUpstream implements UpstreamTransport {
  private readonly operatorFetchers = new Map<string, SafeFetcher>();

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly limits: { timeoutMs: number; maxBytes: number },
  ) {}

  async send(request: OutboundRequest, options: SendOptions): Promise<UpstreamResponse> {
    const fetcher = options.operatorHost ? this.forHost(options.operatorHost) : this.fetcher;
    try {
      const result = await fetcher.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: options.signal,
        timeoutMs: this.limits.timeoutMs,
        maxBytes: this.limits.maxBytes,
        // A write is never re-sent somewhere else; a read may follow a short same-API redirect.
        maxRedirects: request.method === 'GET' ? 3 : 0,
      });
      return {
        status: result.status,
        headers: result.headers,
        contentType: result.contentType,
        body: result.body,
        truncated: result.truncated,
      };
    } catch (error) {
      if (options.signal.aborted) throw error;
      throw transportFailure(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.operatorFetchers.values()].map((fetcher) => fetcher.close()));
    this.operatorFetchers.clear();
  }

  private forHost(host: string): SafeFetcher {
    let fetcher = this.operatorFetchers.get(host);
    if (!fetcher) {
      fetcher = this.fetcher.allowing([host]);
      this.operatorFetchers.set(host, fetcher);
    }
    return fetcher;
  }
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the answer goes back as it is. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 5_000 };

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Sends a request, retrying a GET (safe and idempotent) after a network error, a 429 or a
 * 502/503/504, with exponential backoff and jitter, or after the Retry-After the vendor asked
 * for. Writes are sent once: a retried POST could act twice.
 */
export async function sendWithRetry(
  transport: UpstreamTransport,
  request: OutboundRequest,
  options: SendOptions,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<UpstreamResponse> {
  const attempts = request.method === 'GET' ? policy.attempts : 1;
  for (let attempt = 1; ; attempt++) {
    let delay: number | null;
    try {
      const response = await transport.send(request, options);
      if (attempt >= attempts || !RETRIED_STATUSES.has(response.status)) return response;
      delay = retryDelay(response.headers['retry-after'], attempt, policy);
      if (delay === null) return response;
    } catch (error) {
      const retriable = error instanceof TransportFailure && error.kind === 'network';
      if (attempt >= attempts || !retriable) throw error;
      delay = backoff(attempt, policy);
    }
    await sleep(delay, options.signal);
  }
}

/** Retry-After in seconds or as an HTTP date; null when it asks for more than the policy waits. */
export function retryDelay(
  header: string | undefined,
  attempt: number,
  policy: RetryPolicy,
): number | null {
  if (header === undefined) return backoff(attempt, policy);
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (Number.isNaN(ms)) return backoff(attempt, policy);
  return ms > policy.maxDelayMs ? null : Math.max(0, ms);
}

function backoff(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
