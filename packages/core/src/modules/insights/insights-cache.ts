import type { KvStore } from '../../store/kv/kv-store.js';

/**
 * Results computed over many traces, kept in the key-value store (shared by replicas) until a
 * new trace arrives or the time to live runs out, whichever is first. Keys live under the
 * prefixes a Panic Reset wipes (`skillevo:*`, `opp:*`, `cognitive:*`).
 */
export class InsightsCache {
  constructor(
    private readonly kv: KvStore,
    /** Changes whenever a trace is stored (the newest trace's time and id). */
    private readonly marker: () => Promise<string>,
    private readonly ttlMs: number,
  ) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const marker = await this.marker();
    const cached = await this.kv.get(key);
    if (cached) {
      // Written by set() below in this process or another replica: our own JSON.
      const entry = JSON.parse(cached) as { marker: string; value: T };
      if (entry.marker === marker) return entry.value;
    }
    const value = await compute();
    await this.kv.set(key, JSON.stringify({ marker, value }), { ttlMs: this.ttlMs });
    return value;
  }
}
