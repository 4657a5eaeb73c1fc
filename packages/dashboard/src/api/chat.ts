import { ApiError, type ErrorDetail, readCookie, request } from './client';
import { readSseStream } from './sse';

/** The operator's own chats, or the background run a conversation belongs to. */
export type ChatOrigin = 'operator' | 'goal' | 'agent' | 'schedule' | 'messaging';

/** Background conversations by the runtime's prefixes (its chat-origin.ts names the same). */
export const isBackgroundChat = (chatId: string) => /^(goal|agent|schedule|telegram):/.test(chatId);

export interface ChatSummary {
  chat_id: string;
  origin: ChatOrigin;
  /** The start of the first message. */
  title: string;
  message_count: number;
  created_at: string;
  updated_at: string;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  request_id: string | null;
  created_at: string;
}

export type Tier = 'fast_path' | 'decision_layer' | 'llm_loop';

export type StepStatus = 'running' | 'done' | 'error' | 'awaiting_confirmation' | 'denied';

/** A request of the chat as its trace keeps it: what the stream showed, read back on reload. */
export interface ChatRequest {
  request_id: string;
  status: 'ok' | 'error' | 'cancelled';
  tier: Tier;
  created_at: string;
  input: string;
  /** What was written before it failed or was stopped. */
  reply: string;
  error: string | null;
  steps: {
    skill: string;
    status: 'done' | 'error' | 'denied';
    duration_ms: number;
    error: string | null;
    confirmation_id: string | null;
  }[];
}

export interface ProgressEvent {
  step: number;
  skill: string;
  status: StepStatus;
  /** Present while the step waits for the operator. */
  confirmation_id?: string;
}

export interface DoneEvent {
  final: string;
  request_id: string;
  tier: Tier | string;
}

export interface StreamErrorEvent {
  error: string;
  message: string;
}

export const fetchChats = (limit: number, origin: ChatOrigin | undefined, signal?: AbortSignal) =>
  request<{ chats: ChatSummary[] }>('/api/chats', { query: { limit, origin }, signal });

export const fetchChatMessages = (chatId: string, signal?: AbortSignal) =>
  request<{ chat_id: string; messages: ChatMessage[]; requests: ChatRequest[] }>(
    `/api/chats/${encodeURIComponent(chatId)}/messages`,
    { signal },
  );

const CHAT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const isChatId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && CHAT_ID.test(value);

/** A fresh conversation id, made here: the runtime creates the chat on its first message. */
export function newChatId(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) =>
    byte.toString(36).padStart(2, '0'),
  ).join('');
  return `chat-${Date.now().toString(36)}-${random}`;
}

// The stream's data is the runtime's, but it is still checked field by field before use.
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STEP_STATUSES = new Set<string>([
  'running',
  'done',
  'error',
  'awaiting_confirmation',
  'denied',
]);

function asProgress(value: unknown): ProgressEvent | undefined {
  if (!isObject(value)) return undefined;
  const { step, skill, status, confirmation_id: confirmationId } = value;
  if (typeof step !== 'number' || typeof skill !== 'string' || typeof status !== 'string')
    return undefined;
  if (!STEP_STATUSES.has(status)) return undefined;
  return {
    step,
    skill,
    status: status as StepStatus,
    ...(typeof confirmationId === 'string' ? { confirmation_id: confirmationId } : {}),
  };
}

function asDone(value: unknown): DoneEvent | undefined {
  if (!isObject(value)) return undefined;
  const { final, request_id: requestId, tier } = value;
  if (typeof final !== 'string' || typeof requestId !== 'string' || typeof tier !== 'string')
    return undefined;
  return { final, request_id: requestId, tier };
}

function asError(value: unknown): StreamErrorEvent {
  const error = isObject(value) && typeof value.error === 'string' ? value.error : 'stream_error';
  const message =
    isObject(value) && typeof value.message === 'string' && value.message
      ? value.message
      : 'The runtime could not finish the reply.';
  return { error, message };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface ChatStreamHandlers {
  onProgress(event: ProgressEvent): void;
  onChunk(text: string): void;
  onDone(event: DoneEvent): void;
}

/** The reply failed after it started streaming (an `error` event, or the stream broke off). */
export class StreamError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'StreamError';
    this.code = code;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (isObject(body) && typeof body.error === 'string') {
    const message = typeof body.message === 'string' && body.message ? body.message : body.error;
    const details = Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [];
    return new ApiError(response.status, body.error, message, details, body);
  }
  const message = `The runtime answered ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, `http_${response.status}`, message, [], text);
}

/**
 * POST /chat/stream. EventSource cannot POST, so this is a fetch whose body is read as SSE.
 * A refusal before the stream starts (400, 401, 403) throws an ApiError, like every other call;
 * an `error` event or a stream that ends without `done` throws a StreamError. Aborting the signal
 * cancels the work on the runtime too.
 */
export async function streamChat(
  message: { text: string; chat_id: string },
  handlers: ChatStreamHandlers,
  options: { signal: AbortSignal; csrfToken?: string | undefined },
): Promise<DoneEvent> {
  const token = readCookie('csrftoken') ?? options.csrfToken;
  let response: Response;
  try {
    response = await fetch('/chat/stream', {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        ...(token ? { 'X-CSRF-Token': token } : {}),
      },
      credentials: 'same-origin',
      body: JSON.stringify(message),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiError(0, 'network_error', 'The runtime could not be reached.', [], undefined);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new StreamError('empty_stream', 'The runtime sent no reply stream.');

  let done: DoneEvent | undefined;
  let failure: StreamErrorEvent | undefined;
  try {
    await readSseStream(response.body, ({ event, data }) => {
      const payload = parseJson(data);
      if (event === 'progress') {
        const progress = asProgress(payload);
        if (progress) handlers.onProgress(progress);
      } else if (event === 'chunk') {
        if (isObject(payload) && typeof payload.text === 'string') handlers.onChunk(payload.text);
      } else if (event === 'done') {
        done = asDone(payload);
        if (done) handlers.onDone(done);
      } else if (event === 'error') {
        failure = asError(payload);
      }
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new StreamError(
      'connection_lost',
      'The connection to the runtime broke off before the reply was finished.',
    );
  }
  if (failure) throw new StreamError(failure.error, failure.message);
  if (!done) throw new StreamError('incomplete_stream', 'The reply stream ended without a result.');
  return done;
}
