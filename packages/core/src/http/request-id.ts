import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const VALID_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Keeps a well-formed X-Request-Id from the proxy so logs line up across hops; otherwise a UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
}
