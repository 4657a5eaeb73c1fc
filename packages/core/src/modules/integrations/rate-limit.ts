import { RateLimitedError } from '../../errors/app-error.js';
import type { KvStore } from '../../store/kv/kv-store.js';

/** A call waits for the next window when it opens this soon; otherwise it is refused. */
const MAX_WAIT_MS = 2_000;

/**
 * A connector's own rate limit (kept below the vendor's published one), as a fixed window
 * counted in the key-value store, so every replica draws on the same allowance.
 */
export class IntegrationRateLimiter {
  constructor(private readonly kv: KvStore) {}

  async take(
    integrationId: string,
    limit: { requests: number; perSeconds: number },
    signal: AbortSignal,
  ): Promise<void> {
    const windowMs = limit.perSeconds * 1000;
    for (;;) {
      const { value, ttlMs } = await this.kv.increment(`int:rate:${integrationId}`, {
        ttlMs: windowMs,
      });
      if (value <= limit.requests) return;
      const wait = ttlMs ?? windowMs;
      if (wait > MAX_WAIT_MS) throw new RateLimitedError(Math.ceil(wait / 1000));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, wait);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason);
          },
          { once: true },
        );
      });
    }
  }
}
