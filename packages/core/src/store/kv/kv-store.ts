/**
 * The key-value store every replica shares: sessions, rate-limit counters, circuit breakers,
 * the vault, queues and locks. Two backends implement it (SQL tables and Redis) and one
 * contract suite runs against both.
 *
 * Patterns are globs where `*` matches any run of characters and `?` one character; no other
 * character is special, so keys may hold any text.
 */
export interface KvStore {
  readonly backend: 'sql' | 'redis';
  get(key: string): Promise<string | null>;
  /** Several values in one round trip, in the order of `keys` (null where absent or expired). */
  getMany(keys: readonly string[]): Promise<Array<string | null>>;
  set(key: string, value: string, options?: { ttlMs?: number }): Promise<void>;
  /** Sets only when the key is absent (or expired); true when this call set it. For locks. */
  setIfAbsent(key: string, value: string, options?: { ttlMs?: number }): Promise<boolean>;
  /**
   * Atomically writes `value` only when the key holds `expected` (null: when it is absent or
   * expired); true when this call wrote it. For state several replicas change at once (circuit
   * breakers): read, decide, compare-and-set, and read again when another replica got there first.
   */
  compareAndSet(
    key: string,
    expected: string | null,
    value: string,
    options?: { ttlMs?: number },
  ): Promise<boolean>;
  /** True when a key was deleted. */
  delete(key: string): Promise<boolean>;
  /** Milliseconds left before the key expires; null when it has no expiry or does not exist. */
  ttl(key: string): Promise<number | null>;
  /**
   * Atomically adds `by` (default 1) and returns the new value. The expiry is set only when the
   * counter is created, so a fixed window starts at the first increment.
   */
  increment(
    key: string,
    options?: { by?: number; ttlMs?: number },
  ): Promise<{ value: number; ttlMs: number | null }>;
  /** Live keys that match the pattern. */
  keys(pattern: string): Promise<string[]>;
  /** Deletes every key that matches the pattern and returns how many went. */
  deleteByPattern(pattern: string): Promise<number>;
  /** Appends to a FIFO queue and returns its new length. */
  push(queue: string, value: string): Promise<number>;
  /** Takes the oldest item, or null when the queue is empty. */
  pop(queue: string): Promise<string | null>;
  length(queue: string): Promise<number>;
  /** Queues whose name matches the pattern, with their lengths. */
  queueLengths(pattern: string): Promise<Record<string, number>>;
  /** Empties every queue whose name matches the pattern and returns how many items went. */
  clearQueues(pattern: string): Promise<number>;
  /**
   * Sends `message` on `topic` to every subscriber in every process sharing this store, this
   * one included. Fast and at most once, not durable: for telling caches that something changed.
   */
  publish(topic: string, message: string): Promise<void>;
  /**
   * Calls `listener` with each message published on `topic`, and with null when messages may
   * have been missed (the connection was lost and is back), so a cache drops everything.
   * Resolves once subscribed; the returned function unsubscribes.
   */
  subscribe(topic: string, listener: (message: string | null) => void): Promise<() => void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Splits a glob into literal parts and wildcards, for backends to translate. */
export function globTokens(pattern: string): Array<{ literal: string } | { wildcard: '*' | '?' }> {
  const tokens: Array<{ literal: string } | { wildcard: '*' | '?' }> = [];
  let literal = '';
  for (const char of pattern) {
    if (char === '*' || char === '?') {
      if (literal) tokens.push({ literal });
      literal = '';
      tokens.push({ wildcard: char });
    } else {
      literal += char;
    }
  }
  if (literal) tokens.push({ literal });
  return tokens;
}
