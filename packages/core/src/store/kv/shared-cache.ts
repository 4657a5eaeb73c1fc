import type { KvStore } from './kv-store.js';
import { LazySubscription } from './lazy-subscription.js';

/** Reloaded at least this often even when no change is heard (a lost message, a direct SQL edit). */
const DEFAULT_MAX_AGE_MS = 60_000;

/**
 * A value loaded once and reused until some replica announces a change on `topic` (through the
 * key-value store's publish/subscribe), for configuration read on every request: settings, the
 * agent's identity. The replica that writes clears its own copy at once, so it reads its own
 * writes; the others drop theirs when the message arrives (milliseconds later).
 */
export class SharedCache<T> {
  private entry: { at: number; value: T } | undefined;
  private loading: Promise<T> | undefined;
  /** Bumped by every change, so a load that started before it never stores its stale answer. */
  private generation = 0;
  /** Made before the first load, so no change between the load and the subscription is missed. */
  private readonly subscription: LazySubscription;

  constructor(
    private readonly kv: KvStore,
    private readonly topic: string,
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs = DEFAULT_MAX_AGE_MS,
  ) {
    this.subscription = new LazySubscription(kv, topic, () => this.clear());
  }

  async get(): Promise<T> {
    if (!(await this.subscription.ready())) return this.load();
    if (this.entry && Date.now() - this.entry.at < this.maxAgeMs) return this.entry.value;
    if (!this.loading) {
      const generation = this.generation;
      const loading = this.load().then((value) => {
        if (generation === this.generation) this.entry = { at: Date.now(), value };
        return value;
      });
      this.loading = loading;
      const done = () => {
        if (this.loading === loading) this.loading = undefined;
      };
      loading.then(done, done);
    }
    return this.loading;
  }

  /** After a write: drops this copy now and tells every other replica to drop theirs. */
  async changed(): Promise<void> {
    this.clear();
    // The write is done: a failed announcement must not fail it. The others reload within maxAgeMs.
    await this.kv.publish(this.topic, 'changed').catch(() => {});
  }

  private clear(): void {
    this.generation += 1;
    this.entry = undefined;
    this.loading = undefined;
  }
}

/**
 * SharedCache per key: values read on every call of something (an integration's breaker state
 * and sealed credentials) kept until a change to that key is announced on `topic`, by this
 * replica or another one, or `maxAgeMs` passes. A lost subscription empties the whole cache.
 */
export class SharedKeyedCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  /** Bumped per key by every change, and for all keys at once by a lost subscription. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private readonly subscription: LazySubscription;

  constructor(
    private readonly kv: KvStore,
    private readonly topic: string,
    private readonly maxAgeMs = DEFAULT_MAX_AGE_MS,
  ) {
    this.subscription = new LazySubscription(kv, topic, (key) => this.clear(key));
  }

  /** The cached value of `key`, or what `load` reads (cached unless a change came meanwhile). */
  async get(key: string, load: () => Promise<T>, fits: (value: T) => boolean = () => true) {
    if (!(await this.subscription.ready())) return load();
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.at < this.maxAgeMs && fits(entry.value)) return entry.value;
    const stamp = this.stamp(key);
    const value = await load();
    if (stamp === this.stamp(key)) this.entries.set(key, { at: Date.now(), value });
    return value;
  }

  /** After a write: drops this replica's copy of `key` now and tells the others to drop theirs. */
  async changed(key: string): Promise<void> {
    this.clear(key);
    await this.kv.publish(this.topic, key).catch(() => {});
  }

  private stamp(key: string): string {
    return `${this.epoch}:${this.generations.get(key) ?? 0}`;
  }

  private clear(key: string | null): void {
    if (key === null) {
      this.epoch += 1;
      this.entries.clear();
      return;
    }
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.entries.delete(key);
  }
}
