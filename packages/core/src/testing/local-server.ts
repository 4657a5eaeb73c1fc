import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LocalServer {
  /** Base URL without a trailing slash, such as http://127.0.0.2:41234 */
  url: string;
  port: number;
  /** Every request that reached the server, in order: proof of what did (or did not) get through. */
  requests: RecordedRequest[];
  /** TCP connections accepted, including ones that never became a request (WebSocket upgrades). */
  readonly connections: number;
  close(): Promise<void>;
}

export type LocalHandler = (
  request: RecordedRequest,
  response: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

/**
 * A real HTTP server on a loopback address and a free port, for outbound-request tests
 * (any 127.0.0.0/8 address works on Linux; `::1` for IPv6). The body is read before the
 * handler runs.
 */
export async function startLocalServer(
  handler: LocalHandler,
  host = '127.0.0.1',
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (raw, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: raw.method ?? 'GET',
      url: raw.url ?? '/',
      headers: raw.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    try {
      await handler(recorded, response, raw);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    }
  });
  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
