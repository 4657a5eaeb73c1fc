/** agent-core did not answer at all (refused, reset, timed out) or its proxy said it is down. */
export class CoreUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CoreUnreachableError';
  }
}

/** agent-core answered with an error of its own ({"error","message"}). */
export class CoreError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CoreError';
  }
}

export interface ProgressEvent {
  step: number;
  skill: string;
  status: string;
  confirmation_id?: string;
}

export interface Confirmation {
  confirmation_id: string;
  chat_id: string | null;
  skill: string;
  level: string;
  status: 'pending' | 'approved' | 'denied';
  simulation: { summary: string; details: Record<string, unknown>; warnings: string[] } | null;
  /** The untrusted sources that made a tainted run ask; null when the mode alone asked. */
  tainted_by?: string[] | null;
  /** The input guard's finding for each source; a flagged one makes approving take two presses. */
  taint_evidence?: Array<{
    source: string;
    flagged: boolean;
    signals: string[];
    excerpt: string | null;
  }> | null;
  decided_by: string | null;
}

export interface Goal {
  goal_id: string;
  objective: string;
  priority: number;
  status: string;
  progress?: number;
}

export interface Health {
  status: string;
  version: string;
  components: Record<string, { status?: string } | number | boolean>;
}

export interface StreamHandlers {
  onProgress(event: ProgressEvent): void;
  signal?: AbortSignal;
}

const GATEWAY_DOWN = new Set([502, 503, 504]);
const REQUEST_TIMEOUT_MS = 30_000;

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * agent-messaging's side of agent-core's HTTP API: it signs in with its own account, carries
 * the session cookie and the CSRF token like any operator script, and signs in again when the
 * session has ended.
 */
export class CoreClient {
  private session: { cookie: string; csrf: string } | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly user: string,
    private readonly password: string,
  ) {}

  private async fetch(
    path: string,
    init: RequestInit & { timeoutMs?: number | null; gatewayAnswers?: boolean },
  ): Promise<Response> {
    const timeout =
      init.timeoutMs === null ? null : AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signals = [init.signal, timeout].filter((signal): signal is AbortSignal =>
      Boolean(signal),
    );
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: signals.length > 0 ? AbortSignal.any(signals) : null,
        redirect: 'manual',
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new CoreUnreachableError(`agent-core is unreachable: ${(error as Error).message}`);
    }
    if (GATEWAY_DOWN.has(response.status) && !init.gatewayAnswers) {
      await response.body?.cancel();
      throw new CoreUnreachableError(`agent-core is unreachable (HTTP ${response.status})`);
    }
    return response;
  }

  private async signIn(): Promise<{ cookie: string; csrf: string }> {
    const response = await this.fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: this.user, password: this.password }),
    });
    const body = asObject(await response.json().catch(() => null));
    if (response.status !== 200 || typeof body.csrf_token !== 'string')
      throw new CoreError(
        response.status,
        String(body.error ?? 'login_failed'),
        `agent-core refused the bridge's sign-in (HTTP ${response.status})`,
      );
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('session='));
    if (!cookie)
      throw new CoreError(response.status, 'login_failed', 'agent-core set no session cookie');
    this.session = { cookie, csrf: body.csrf_token };
    return this.session;
  }

  /** One API call with the session (signing in first or again when needed). */
  private async call(
    method: string,
    path: string,
    body?: unknown,
    init: { signal?: AbortSignal; timeoutMs?: number | null } = {},
  ): Promise<Response> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const session = this.session ?? (await this.signIn());
      const headers: Record<string, string> = {
        cookie: session.cookie,
        accept: 'application/json',
      };
      if (method !== 'GET') headers['x-csrf-token'] = session.csrf;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await this.fetch(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...init,
      });
      if (response.status !== 401 || attempt > 0) return response;
      await response.body?.cancel();
      this.session = null;
    }
    throw new CoreError(401, 'unauthorized', 'agent-core refused the session');
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, path, body);
    const parsed = asObject(await response.json().catch(() => null));
    if (!response.ok)
      throw new CoreError(
        response.status,
        String(parsed.error ?? 'error'),
        String(parsed.message ?? `agent-core answered ${response.status}`),
      );
    return parsed as T;
  }

  /**
   * POST /chat/stream: progress events as they come, the final reply at the end. Errors before
   * the stream opens are CoreUnreachableError (nothing reached the runtime: safe to send again)
   * or CoreError; a stream that breaks after it opened is a plain Error (it may have been done).
   */
  async chat(text: string, chatId: string, handlers: StreamHandlers): Promise<string> {
    const response = await this.call(
      'POST',
      '/chat/stream',
      { text, chat_id: chatId },
      { signal: handlers.signal, timeoutMs: null },
    );
    if (!response.ok || !response.body) {
      const parsed = asObject(await response.json().catch(() => null));
      throw new CoreError(
        response.status,
        String(parsed.error ?? 'error'),
        String(parsed.message ?? `agent-core answered ${response.status}`),
      );
    }
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.+)$/m.exec(frame)?.[1];
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (!event || !data) continue;
        const payload = asObject(JSON.parse(data));
        if (event === 'progress') handlers.onProgress(payload as unknown as ProgressEvent);
        if (event === 'done') return String(payload.final ?? '');
        if (event === 'error')
          throw new CoreError(
            200,
            String(payload.error ?? 'error'),
            String(payload.message ?? 'The request failed'),
          );
      }
    }
    throw new Error('the connection to agent-core ended before the reply was complete');
  }

  async confirmation(id: string): Promise<Confirmation> {
    return (
      await this.json<{ confirmation: Confirmation }>(
        'GET',
        `/api/confirmations/${encodeURIComponent(id)}`,
      )
    ).confirmation;
  }

  /** `acknowledgeWarning`: the operator confirmed they read the input guard's warning. */
  async decide(
    id: string,
    decision: 'approve' | 'deny',
    acknowledgeWarning = false,
  ): Promise<Confirmation> {
    return (
      await this.json<{ confirmation: Confirmation }>(
        'POST',
        `/api/confirmations/${encodeURIComponent(id)}/${decision}`,
        acknowledgeWarning ? { acknowledge_warning: true } : undefined,
      )
    ).confirmation;
  }

  async health(): Promise<Health> {
    // A runtime whose stores are down answers 503 with the report that says so.
    const response = await this.fetch('/health', {
      method: 'GET',
      headers: { accept: 'application/json' },
      gatewayAnswers: true,
    });
    const report = asObject(await response.json().catch(() => null));
    if (typeof report.status !== 'string')
      throw new CoreUnreachableError(`agent-core is unreachable (HTTP ${response.status})`);
    return report as unknown as Health;
  }

  async goals(): Promise<Goal[]> {
    return (await this.json<{ goals: Goal[] }>('GET', '/api/goals?status=active&limit=20')).goals;
  }

  async recordRefusal(refusal: {
    user_id: string;
    chat_id: string;
    kind: 'message' | 'command' | 'button';
    count: number;
  }): Promise<void> {
    await this.json('POST', '/api/messaging/refusals', { platform: 'telegram', ...refusal });
  }
}
