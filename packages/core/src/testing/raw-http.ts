import { connect, type Socket } from 'node:net';

/**
 * One HTTP/1.1 exchange written by hand on its own connection, so a test can leave it at any
 * point a real client can: mid-headers, mid-body, mid-reply, or after the reply.
 */
export class RawExchange {
  private readonly socket: Socket;
  private text = '';
  private waiters: Array<() => void> = [];
  /** Resolves when the connection is gone, whichever side ended it. */
  readonly closed: Promise<void>;

  constructor(port: number, written: string) {
    this.socket = connect(port, '127.0.0.1');
    // The server may close first (a timeout, an answer with Connection: close): not a failure.
    this.socket.on('error', () => {});
    this.socket.on('data', (data) => {
      this.text += data.toString('latin1');
      this.wake();
    });
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    void this.closed.then(() => this.wake());
    this.write(written);
  }

  /** What the server sent so far. */
  get received(): string {
    return this.text;
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  write(text: string): void {
    if (!this.socket.destroyed) this.socket.write(text);
  }

  /** Resolves once the server has sent `text`; rejects if the connection closes first. */
  async until(text: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.text.includes(text)) {
      if (this.socket.destroyed) throw new Error(`closed before "${text}": ${this.text}`);
      if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Leaves as a client that goes away does: a close, or a reset (RST) when `reset`. */
  abandon(reset = false): Promise<void> {
    if (reset) this.socket.resetAndDestroy();
    else this.socket.destroy();
    return this.closed;
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** A request line and headers, up to the blank line that ends them. */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
