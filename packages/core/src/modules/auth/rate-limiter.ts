import { RateLimitedError } from '../../errors/app-error.js';
import type { KvStore } from '../../store/kv/kv-store.js';

/**
 * A fixed-window attempt counter in the key-value store, so the limit holds across replicas
 * and restarts. Every attempt counts, successful or not.
 */
export class AttemptLimiter {
  constructor(
    private readonly kv: KvStore,
    private readonly name: string,
    private readonly maxAttempts: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; throws RateLimitedError (with the seconds to wait) past the limit. */
  async hit(subject: string): Promise<void> {
    const { value, ttlMs } = await this.kv.increment(`ratelimit:${this.name}:${subject}`, {
      ttlMs: this.windowMs,
    });
    if (value > this.maxAttempts) {
      throw new RateLimitedError(Math.max(1, Math.ceil((ttlMs ?? this.windowMs) / 1000)));
    }
  }
}
