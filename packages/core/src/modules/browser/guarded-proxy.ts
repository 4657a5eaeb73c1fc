import { Agent, createServer, type IncomingHttpHeaders, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { SsrfGuard } from '../../net/ssrf.js';

export interface GuardedProxy {
  /** http://127.0.0.1:<port>, for Chromium's --proxy-server. */
  url: string;
  close(): Promise<void>;
}

/** Hop-by-hop and proxy headers: meant for this proxy, never forwarded. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

/**
 * The browser's only way out. Chromium resolves nothing itself: it hands every request to
 * this proxy (plain HTTP as absolute-URL requests, HTTPS and WebSockets as CONNECT tunnels),
 * and the proxy dials with the guard's lookup. page.route judges URLs before they leave the
 * page; this judges the address actually dialled, so a DNS answer that changes between the
 * two (rebinding) or traffic that routing does not see (WebSockets) cannot reach a private
 * address.
 */
export async function startGuardedProxy(guard: SsrfGuard): Promise<GuardedProxy> {
  // Its own pool: a kept-alive socket from the global agent was not dialled through the guard.
  const agent = new Agent({ keepAlive: true });
  const tunnels = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    guard
      .checkUrl(incoming.url ?? '')
      .then(({ url }) => {
        if (url.protocol !== 'http:') throw new Error('only http is proxied without CONNECT');
        const upstream = request({
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || 80,
          method: incoming.method,
          path: `${url.pathname}${url.search}`,
          headers: forwardHeaders(incoming.headers),
          agent,
          lookup: guard.lookup,
        });
        upstream.on('response', (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, forwardHeaders(answer.headers));
          answer.pipe(outgoing);
        });
        upstream.on('error', (error) => {
          if (outgoing.headersSent) outgoing.destroy();
          else
            outgoing
              .writeHead(502, { 'content-type': 'text/plain' })
              .end(`Bad gateway: ${error.message}`);
        });
        incoming.pipe(upstream);
      })
      .catch((error: Error) => {
        outgoing.writeHead(403, { 'content-type': 'text/plain' }).end(error.message);
      });
  });

  server.on('connect', (incoming, client: Socket, head: Buffer) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const target = incoming.url ?? '';
    guard
      .checkUrl(`https://${target}/`)
      .then(({ url }) => {
        const upstream = connect({
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: Number(url.port || 443),
          lookup: guard.lookup,
        });
        upstream.once('connect', () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
        client.on('close', () => upstream.destroy());
      })
      .catch(() => client.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
