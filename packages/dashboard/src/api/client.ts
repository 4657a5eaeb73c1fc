/** One field-level problem, as the runtime reports validation failures. */
export interface ErrorDetail {
  path?: string;
  message?: string;
  [key: string]: unknown;
}

/** A failed call, carrying the runtime's `{"error", "message", "details"}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly body: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    details: ErrorDetail[],
    body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }

  /** The message of the detail for one field (`/new_password`), if the server sent one. */
  detailFor(path: string): string | undefined {
    return this.details.find((detail) => detail.path === path)?.message;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The token also arrives in /auth/session; it is kept for when the cookie cannot be read.
let rememberedCsrfToken: string | undefined;

export function rememberCsrfToken(token: string): void {
  rememberedCsrfToken = token;
}

/** The CSRF token to send on unsafe methods (streamed POSTs read it here too). */
export function csrfToken(): string | undefined {
  return readCookie('csrftoken') ?? rememberedCsrfToken;
}

/** The ApiError for a refused response, from its `{"error", "message"}` body when it has one. */
export async function errorOf(response: Response): Promise<ApiError> {
  return toApiError(response, await readBody(response).catch(() => undefined));
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Error statuses whose body is still the answer (GET /health is 503 with a report when down). */
  acceptStatuses?: number[];
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy in front of the runtime may answer with an HTML error page.
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error, message, details } = body as {
      error: unknown;
      message?: unknown;
      details?: unknown;
    };
    return new ApiError(
      response.status,
      String(error),
      typeof message === 'string' && message ? message : String(error),
      Array.isArray(details) ? (details as ErrorDetail[]) : [],
      body,
    );
  }
  const message = `The runtime answered ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, `http_${response.status}`, message, [], body);
}

/** The one way the dashboard talks to the runtime: JSON both ways, cookie session, CSRF header. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    const token = readCookie('csrftoken') ?? rememberedCsrfToken;
    if (token) headers['X-CSRF-Token'] = token;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'The runtime could not be reached.', [], undefined);
  }

  const body = await readBody(response);
  if (response.ok || options.acceptStatuses?.includes(response.status)) return body as T;
  throw toApiError(response, body);
}
