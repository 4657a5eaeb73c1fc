import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 15_000;
/**
 * How long the headers wait for the first event to travel with. A reply that starts at once
 * (the fast path, a quick model) costs the client one wake-up instead of two, and on a small
 * machine the client's wake-up for the headers alone competes with the request being answered.
 */
const HEADERS_WAIT_MS = 100;

export interface SseStream {
  /** Sends one event; false once the client has gone. */
  send(event: string, data: unknown): boolean;
  /** Aborted when the client disconnects: work for this stream should stop. */
  readonly signal: AbortSignal;
  /** Runs once when the stream ends, whoever ended it. */
  onEnd(callback: () => void): void;
  close(): void;
}

/**
 * Takes the reply over as a Server-Sent Events stream: the headers DECISIONS names (sent with
 * the first event, or after HEADERS_WAIT_MS without one), a comment line every 15 s while idle
 * (proxies drop silent connections), and an abort signal that fires when the client goes away.
 */
export function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs = HEARTBEAT_MS,
  headersWaitMs = HEADERS_WAIT_MS,
): SseStream {
  const controller = new AbortController();
  // Headers already set by hooks (security headers, request id) still apply to the hijacked reply.
  const inherited: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) inherited[name] = value;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });

  let closed = false;
  const endCallbacks: Array<() => void> = [];
  let lastWrite = Date.now();
  // Until then the headers are only buffered: Node sends them with the first write.
  let headersTimer: NodeJS.Timeout | null = setTimeout(() => {
    headersTimer = null;
    if (!closed && !raw.destroyed) raw.flushHeaders();
  }, headersWaitMs);
  headersTimer.unref();
  const write = (text: string): boolean => {
    if (closed || raw.destroyed) return false;
    lastWrite = Date.now();
    if (headersTimer) clearTimeout(headersTimer);
    headersTimer = null;
    raw.write(text);
    // Node corks the socket on a write and uncorks it on the next tick, which runs only once
    // every promise continuation queued meanwhile has run: an event written while the answer
    // goes on (the rest of the model's reply, its trace, its rows on the embedded database)
    // would leave when all of that is done. Uncorked here, it leaves now.
    if (raw.socket?.writableCorked) raw.socket.uncork();
    return true;
  };
  const heartbeat = setInterval(
    () => {
      if (Date.now() - lastWrite >= heartbeatMs - 50) write(': keep-alive\n\n');
    },
    Math.max(50, Math.floor(heartbeatMs / 3)),
  );
  heartbeat.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (headersTimer) clearTimeout(headersTimer);
    for (const callback of endCallbacks.splice(0)) callback();
  };
  // 'close' on the response fires when the socket goes, whether we ended it or the client did.
  raw.on('close', () => {
    if (!closed) controller.abort(new Error('client disconnected'));
    finish();
  });
  request.log.debug('event stream opened');

  return {
    signal: controller.signal,
    send(event, data) {
      return write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onEnd(callback) {
      if (closed) callback();
      else endCallbacks.push(callback);
    },
    close() {
      if (closed) return;
      finish();
      raw.end();
    },
  };
}
