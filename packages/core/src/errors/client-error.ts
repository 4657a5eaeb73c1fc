import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What Node reports before a request reaches the app, as the runtime's error codes. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request was not received in full within REQUEST_TIMEOUT',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request headers are too large',
  },
};
const MALFORMED = { status: 400, code: 'bad_request', message: 'Malformed HTTP request' };

/**
 * Answers the errors Node raises on a connection itself (a client too slow to send its request,
 * headers too large, bytes that are not HTTP) in the one error shape, `{"error","message"}`,
 * then closes the connection: there is no request to answer through the app's handlers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ error: code, message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
