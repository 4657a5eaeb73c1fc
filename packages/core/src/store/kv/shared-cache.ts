import type { KvStore } from './kv-store.js';
import { LazySubscription } from './lazy-subscription.js';

/** Reloaded at least this often even when no change is heard (a lost message, a direct SQL edit). */
const DEFAULT_MAX_AGE_MS = 60_000;

/**
 * Values loaded once per key and reused until some replica announces a change to that key on
 * `topic` (through the key-value store's publish/subscribe), or `maxAgeMs` passes: for what is
 * read on every request or call (an integration's breaker state and sealed credentials). The
 * replica that writes drops its own copy at once, so it reads its own writes; the others drop
 * theirs when the message arrives (milliseconds later). Callers that ask while a key is loading
 * share that load; a load that a change overtook is never kept. A lost subscription empties it.
 */
export class SharedKeyedCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  private readonly loading = new Map<string, { stamp: string; value: Promise<T> }>();
  /** Bumped per key by every change, and for all keys at once by a lost subscription. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  /** Made before the first load, so no change between the load and the subscription is missed. */
  private readonly subscription: LazySubscription;

  constructor(
    private readonly kv: KvStore,
    private readonly topic: string,
    private readonly maxAgeMs = DEFAULT_MAX_AGE_MS,
  ) {
    this.subscription = new LazySubscription(kv, topic, (key) => this.clear(key));
  }

  /**
   * The cached value of `key`, or what `load` reads. `fits` rejects a cached value that no
   * longer answers the question (it was read for other keys of the store), which loads again.
   */
  async get(key: string, load: () => Promise<T>, fits: (value: T) => boolean = () => true) {
    // Not subscribed (the store is down): read through until a later call subscribes.
    if (!(await this.subscription.ready())) return load();
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.at < this.maxAgeMs && fits(entry.value)) return entry.value;
    const stamp = this.stamp(key);
    const inFlight = this.loading.get(key);
    if (inFlight?.stamp === stamp) {
      const value = await inFlight.value;
      if (fits(value)) return value;
    }
    const value = load();
    this.loading.set(key, { stamp, value });
    try {
      const loaded = await value;
      if (stamp === this.stamp(key)) this.entries.set(key, { at: Date.now(), value: loaded });
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  /** After a write: drops this replica's copy of `key` now and tells the others to drop theirs. */
  async changed(key: string): Promise<void> {
    this.clear(key);
    // The write is done: a failed announcement must not fail it. The others reload within maxAgeMs.
    await this.kv.publish(this.topic, key).catch(() => {});
  }

  private stamp(key: string): string {
    return `${this.epoch}:${this.generations.get(key) ?? 0}`;
  }

  private clear(key: string | null): void {
    if (key === null) {
      this.epoch += 1;
      this.entries.clear();
      this.loading.clear();
      return;
    }
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.entries.delete(key);
    this.loading.delete(key);
  }
}

/** The one key of a SharedCache, which is also the message every change announces. */
const ONLY_KEY = 'changed';

/**
 * One value shared the same way, for configuration read on every request: settings, the agent's
 * identity.
 */
export class SharedCache<T> {
  private readonly cache: SharedKeyedCache<T>;

  constructor(
    kv: KvStore,
    topic: string,
    private readonly load: () => Promise<T>,
    maxAgeMs = DEFAULT_MAX_AGE_MS,
  ) {
    this.cache = new SharedKeyedCache(kv, topic, maxAgeMs);
  }

  get(): Promise<T> {
    return this.cache.get(ONLY_KEY, this.load);
  }

  /** After a write: drops this copy now and tells every other replica to drop theirs. */
  changed(): Promise<void> {
    return this.cache.changed(ONLY_KEY);
  }
}
