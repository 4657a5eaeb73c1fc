import { connect, createServer, type Server, type Socket } from 'node:net';

export interface SwitchableRelay {
  /** http://127.0.0.1:<port>, the address the bridge knows agent-core by. */
  url: string;
  /** Stops listening and cuts every open connection: agent-core is unreachable. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on a fixed loopback port in front of a real agent-core, which a test takes down
 * and brings back up, as a restarting or unreachable runtime looks to its clients.
 */
export async function startSwitchableRelay(targetPort: number): Promise<SwitchableRelay> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (typeof address === 'object' && address) port = address.port;
        server = next;
        resolve();
      });
    });
  const down = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, down, up: listen, close: down };
}
