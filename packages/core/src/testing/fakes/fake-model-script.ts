import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCall {
  name: string;
  input: Record<string, unknown>;
}

/** One scripted model answer. */
export interface FakeTurn {
  /** Streamed in several chunks (split on spaces). */
  text?: string;
  /** Emitted as tool calls (OpenAI tool_calls deltas / Anthropic tool_use blocks). */
  toolCalls?: FakeToolCall[];
  /** Before the first byte of the response body. */
  firstChunkDelayMs?: number;
  /** Between chunks; the frames that open a reply (role, message start) go with its first. */
  chunkDelayMs?: number;
  /** Reported token counts; an estimate from the request and the answer when absent. */
  usage?: { input: number; output: number };
  /** Answer with this HTTP error status and the provider's error body. */
  status?: number;
}

export interface RecordedModelRequest {
  method: string;
  path: string;
  /** Lower-cased names, repeated headers joined with ", ". */
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the client sent.
  body: any;
}

export interface FakeModelServer {
  /** http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  /** Every request received, in order (model calls, catalog reads, refused ones). */
  requests: RecordedModelRequest[];
  /** Requests whose client went away before the answer was complete (cancellation tests). */
  aborted: RecordedModelRequest[];
  /** Answers, in order, for the next model calls; when exhausted, `respond` answers. */
  queue(...turns: FakeTurn[]): void;
  /** Settable; by default a text "Fake reply to: <last user text>". */
  respond: (request: RecordedModelRequest) => FakeTurn;
  /** Served by GET /v1/models. */
  models: string[];
  close(): Promise<void>;
}

export interface FakeServerOptions {
  apiKey?: string;
  models?: string[];
  /** Where to listen: 127.0.0.1 and a free port unless given (the stack test's container). */
  host?: string;
  port?: number;
}

/** What a protocol handler gets for one request. */
export interface Exchange {
  request: RecordedModelRequest;
  res: ServerResponse;
  /** Aborted when the client disconnects before the answer is complete. */
  signal: AbortSignal;
  server: FakeModelServer;
  apiKey: string | undefined;
  /** The scripted answer for this model call (queue first, then `respond`). */
  nextTurn(): FakeTurn;
}

export type ProtocolHandler = (exchange: Exchange) => Promise<void>;

/** The text of the latest user message that has text (OpenAI and Anthropic shapes alike). */
export function lastUserText(body: unknown): string {
  const messages = (body as { messages?: unknown })?.messages;
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as { role?: unknown; content?: unknown };
    if (message?.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    if (!Array.isArray(message.content)) continue;
    const text = message.content
      .filter((part: { type?: unknown }) => part?.type === 'text')
      .map((part: { text?: unknown }) => String(part.text ?? ''))
      .join('');
    if (text) return text;
  }
  return '';
}

/** "a b c" -> ["a", " b", " c"]: joined back, the pieces give the original text. */
export function splitText(text: string): string[] {
  return text.split(/(?= )/).filter((piece) => piece.length > 0);
}

/** A JSON text in about three pieces, as providers stream tool arguments. */
export function splitJson(json: string): string[] {
  const size = Math.max(1, Math.ceil(json.length / 3));
  const pieces: string[] = [];
  for (let i = 0; i < json.length; i += size) pieces.push(json.slice(i, i + size));
  return pieces;
}

/** Token counts when the turn names none: rough, but stable for a given request and answer. */
export function estimateUsage(body: unknown, turn: FakeTurn): { input: number; output: number } {
  if (turn.usage) return turn.usage;
  const input = Math.max(1, Math.ceil(JSON.stringify(body ?? '').length / 4));
  const output =
    splitText(turn.text ?? '').length +
    (turn.toolCalls ?? []).reduce((n, call) => n + JSON.stringify(call.input).length, 0);
  return { input, output: Math.max(1, output) };
}

/** Resolves after `ms`, or at once when the client has gone. */
export function pause(ms: number | undefined, signal: AbortSignal): Promise<void> {
  if (!ms || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts an SSE body; the returned writer reports false once the client is gone. */
export function openEventStream(exchange: Exchange, headers: Record<string, string> = {}) {
  const { res, signal } = exchange;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  res.flushHeaders();
  return {
    write(frame: string): boolean {
      if (signal.aborted || res.destroyed) return false;
      res.write(frame);
      return true;
    },
    end(): void {
      if (!res.destroyed) res.end();
    },
  };
}

/**
 * Streams a reply's frames: after firstChunkDelayMs the first `opening` frames (the reply's
 * envelope) go with the first chunk, as the services send them, then chunkDelayMs between chunks.
 */
export async function writeFrames(
  exchange: Exchange,
  stream: ReturnType<typeof openEventStream>,
  turn: FakeTurn,
  frames: string[],
  opening: number,
): Promise<void> {
  await pause(turn.firstChunkDelayMs, exchange.signal);
  for (const [i, frame] of frames.entries()) {
    if (i > opening) await pause(turn.chunkDelayMs, exchange.signal);
    if (!stream.write(frame)) return;
  }
  stream.end();
}

let sequence = 0;
/** Unique ids across servers in one process (call_…, toolu_…, msg_…). */
export const nextId = (prefix: string) =>
  `${prefix}${(++sequence).toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`;

/** A loopback HTTP server that records every request and hands it to the protocol. */
export async function startFakeModelServer(
  handler: ProtocolHandler,
  options: FakeServerOptions & { defaultModels: string[] },
): Promise<FakeModelServer> {
  const pending: FakeTurn[] = [];
  const http = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      // A bug in the fake must fail the test loudly, not hang it.
      sendJson(res, 500, { error: { message: `fake server bug: ${String(error)}` } });
    });
  });
  await new Promise<void>((resolve) =>
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = http.address() as AddressInfo;

  const server: FakeModelServer = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: [],
    aborted: [],
    queue: (...turns) => {
      pending.push(...turns);
    },
    respond: (request) => ({ text: `Fake reply to: ${lastUserText(request.body)}` }),
    models: [...(options.models ?? options.defaultModels)],
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.close((error) => (error ? reject(error) : resolve()));
        http.closeAllConnections();
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const request: RecordedModelRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: flattenHeaders(req),
      body: parseBody(raw),
    };
    server.requests.push(request);
    const controller = new AbortController();
    res.on('close', () => {
      if (res.writableFinished) return;
      server.aborted.push(request);
      controller.abort();
    });
    await handler({
      request,
      res,
      signal: controller.signal,
      server,
      apiKey: options.apiKey,
      nextTurn: () => pending.shift() ?? server.respond(request),
    });
  }
  return server;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parsed JSON; the raw text when it is not JSON (the protocol answers 400); null when empty. */
function parseBody(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
