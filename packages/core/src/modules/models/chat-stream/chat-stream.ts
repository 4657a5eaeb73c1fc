import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { readCappedText } from '../../../net/body-text.js';
import { loadUndici } from '../../../net/undici.js';
import { telemetry } from '../../telemetry/telemetry.js';
import { providerErrorMessage } from '../provider-catalog.js';
import { trimSlash } from '../provider-registry.js';
import { anthropicMessages } from './anthropic-messages.js';
import type { ChatStep, ChatStepRequest, WireProtocol } from './chat-types.js';
import { openAiChat } from './openai-chat.js';
import { ProviderCallError } from './provider-call-error.js';

/** An error body is a few hundred bytes; more is not read. */
const MAX_ERROR_BYTES = 64 * 1024;
/** A provider asking to wait longer than this is not retried: the operator hears at once. */
const MAX_RETRY_WAIT_MS = 5_000;
const DEFAULT_RETRY_WAIT_MS = 1_000;

/**
 * One model call, streamed: the request goes out in the provider's wire protocol (OpenAI chat
 * completions, also spoken by Ollama, vLLM and LM Studio; or Anthropic messages), text is handed
 * on as it arrives, and the step's tool calls and usage come back when the stream ends.
 * A call that failed before any text arrived (a connection refused, 408, 409, 429, 5xx) is
 * tried once more: an operator is waiting, so the error must reach them soon.
 *
 * This replaces the AI SDK's `streamText` on the chat path: it adds about 4 ms and some thirty
 * web streams per call (docs/architecture.md, "Choices and departures"). The body is one Node
 * stream from undici, read with a plain SSE parser.
 */
export async function streamChatStep(request: ChatStepRequest): Promise<ChatStep> {
  const protocol = request.target.kind === 'anthropic' ? anthropicMessages : openAiChat;
  let emitted = false;
  const onText = (delta: string) => {
    emitted = true;
    request.onText(delta);
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(protocol, request, onText);
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason ?? error;
      const waitMs = error instanceof ProviderCallError ? error.retryAfterMs : null;
      if (attempt > 1 || emitted || waitMs === null) throw error;
      await sleep(waitMs, request.signal);
    }
  }
}

async function send(
  protocol: WireProtocol,
  request: ChatStepRequest,
  onText: (delta: string) => void,
): Promise<ChatStep> {
  const { request: httpRequest } = await loadUndici();
  const url = `${trimSlash(request.target.baseUrl)}${protocol.path}`;
  const { body, length } = bodyStream(protocol.body(request));
  // Only while traces are exported: the provider's own tracing can then join our trace.
  const traceparent = telemetry().traceparent();
  let response: Awaited<ReturnType<typeof httpRequest>>;
  try {
    response = await httpRequest(url, {
      method: 'POST',
      headers: {
        ...protocol.headers(request.target.apiKey),
        'content-type': 'application/json',
        'content-length': String(length),
        accept: 'text/event-stream',
        ...(traceparent ? { traceparent } : {}),
      },
      body,
      signal: request.signal,
    });
  } catch (error) {
    throw new ProviderCallError(
      `Cannot reach ${url}: ${(error as Error).message}`,
      null,
      DEFAULT_RETRY_WAIT_MS,
    );
  }
  const status = response.statusCode;
  if (status < 200 || status >= 300) {
    const text = await readCappedText(response.body, MAX_ERROR_BYTES).catch(() => '');
    throw new ProviderCallError(
      `${url} answered ${status}: ${providerErrorMessage(text)}`,
      status,
      retryWait(status, response.headers),
    );
  }
  const reader = protocol.reader(onText);
  const parser = createParser({ onEvent: (event) => reader.event(event.event, event.data) });
  // undici's body ignores setEncoding; a character split across two chunks is joined here.
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of response.body) parser.feed(decoder.write(chunk as Buffer));
  } catch (error) {
    if (error instanceof ProviderCallError) throw error;
    throw new ProviderCallError(
      `The stream from ${url} broke off: ${(error as Error).message}`,
      null,
      DEFAULT_RETRY_WAIT_MS,
    );
  }
  return reader.finish();
}

/**
 * The request's JSON as a one-chunk stream: undici keeps a Buffer body until the response has
 * ended, which for a stream held open is the request's size (13 KB and up) per open stream;
 * a stream's chunk is let go once written.
 */
function bodyStream(json: string): { body: Readable; length: number } {
  let payload: Buffer | null = Buffer.from(json);
  const length = payload.length;
  const body = new Readable({
    read() {
      // Readable.from would do, but its iterator keeps the array, and the array the chunk.
      this.push(payload);
      payload = null;
      this.push(null);
    },
  });
  return { body, length };
}

/** How long to wait before the second attempt, or null when a second attempt is pointless. */
function retryWait(
  status: number,
  headers: Record<string, string | string[] | undefined>,
): number | null {
  if (status !== 408 && status !== 409 && status !== 429 && status < 500) return null;
  const asked = askedWaitMs(headers);
  if (asked === null) return DEFAULT_RETRY_WAIT_MS;
  return asked <= MAX_RETRY_WAIT_MS ? asked : null;
}

/** `retry-after-ms` (OpenAI) or `retry-after` in seconds or as a date. */
function askedWaitMs(headers: Record<string, string | string[] | undefined>): number | null {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms)) return Math.max(0, ms);
  const after = headers['retry-after'];
  if (typeof after !== 'string') return null;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
