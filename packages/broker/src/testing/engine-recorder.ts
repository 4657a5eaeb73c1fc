import { unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';

export interface EngineRecorder {
  /** The socket to give the broker instead of the engine's own. */
  socketPath: string;
  /** What was sent towards the engine, chunk by chunk in order (connections are reused). */
  sent: string[];
  close(): Promise<void>;
}

/**
 * A byte relay in front of the engine socket that keeps what the broker sent, so a test can
 * prove which requests (and which headers) reached the engine. The engine itself answers.
 */
export async function recordEngine(
  engineSocket: string,
  socketPath: string,
): Promise<EngineRecorder> {
  const sent: string[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(engineSocket);
    client.on('data', (chunk: Buffer) => {
      sent.push(chunk.toString('latin1'));
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    sent,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await unlink(socketPath).catch(() => {});
    },
  };
}
