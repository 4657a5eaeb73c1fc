/**
 * A counting semaphore for browser pages: each page costs tens of MiB, so callers past the
 * limit wait in order, and a caller whose work is cancelled while waiting leaves the queue.
 */
export class SessionLimiter {
  private held = 0;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(private readonly max: number) {}

  /** No session held and nobody waiting. */
  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }

  acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.held < this.max) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Hands the session straight to the next waiter, so the count never dips and overshoots. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.held--;
  }
}
