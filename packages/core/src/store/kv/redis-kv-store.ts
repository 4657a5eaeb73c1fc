import { Redis } from 'ioredis';
import { globTokens, type KvStore } from './kv-store.js';

/** A glob as a Redis MATCH pattern: literal parts escaped, since Redis also treats [ ] \ as special. */
function redisGlob(pattern: string): string {
  return globTokens(pattern)
    .map((t) => ('literal' in t ? escapeGlob(t.literal) : t.wildcard))
    .join('');
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** GET, compare, SET in one step: Redis runs a script without interleaving other commands. */
const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[3] == '' then redis.call('SET', KEYS[1], ARGV[2])
else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/**
 * Key-value data in Redis or Valkey. Plain keys live under `<prefix>k:` and queues (lists)
 * under `<prefix>q:`, so a key pattern never matches a queue.
 */
export class RedisKvStore implements KvStore {
  readonly backend = 'redis';
  /** The connection in subscriber mode (it can run no other command), opened on first subscribe. */
  private subscriber: Promise<Redis> | undefined;
  private readonly listeners = new Map<string, Set<(message: string | null) => void>>();

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = ''): Promise<RedisKvStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      // Fail fast while disconnected, so health reports "down" instead of hanging.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 3_000,
      commandTimeout: 5_000,
    });
    // Connection errors surface on the commands that hit them; ioredis keeps reconnecting.
    redis.on('error', () => {});
    await redis.connect();
    return new RedisKvStore(redis, prefix);
  }

  private key(key: string) {
    return `${this.prefix}k:${key}`;
  }

  private queue(name: string) {
    return `${this.prefix}q:${name}`;
  }

  async get(key: string) {
    return this.redis.get(this.key(key));
  }

  async getMany(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.redis.mget(keys.map((key) => this.key(key)));
  }

  async set(key: string, value: string, options: { ttlMs?: number } = {}) {
    if (options.ttlMs === undefined) await this.redis.set(this.key(key), value);
    else await this.redis.set(this.key(key), value, 'PX', Math.max(1, Math.ceil(options.ttlMs)));
  }

  async setIfAbsent(key: string, value: string, options: { ttlMs?: number } = {}) {
    const result =
      options.ttlMs === undefined
        ? await this.redis.set(this.key(key), value, 'NX')
        : await this.redis.set(
            this.key(key),
            value,
            'PX',
            Math.max(1, Math.ceil(options.ttlMs)),
            'NX',
          );
    return result === 'OK';
  }

  async compareAndSet(
    key: string,
    expected: string | null,
    value: string,
    options: { ttlMs?: number } = {},
  ) {
    if (expected === null) return this.setIfAbsent(key, value, options);
    const ttl = options.ttlMs === undefined ? '' : String(Math.max(1, Math.ceil(options.ttlMs)));
    const written = await this.redis.eval(COMPARE_AND_SET, 1, this.key(key), expected, value, ttl);
    return written === 1;
  }

  async delete(key: string) {
    return (await this.redis.del(this.key(key))) > 0;
  }

  async ttl(key: string) {
    const ms = await this.redis.pttl(this.key(key));
    return ms < 0 ? null : ms;
  }

  async increment(key: string, options: { by?: number; ttlMs?: number } = {}) {
    const full = this.key(key);
    const multi = this.redis.multi().incrby(full, options.by ?? 1);
    if (options.ttlMs !== undefined)
      multi.pexpire(full, Math.max(1, Math.ceil(options.ttlMs)), 'NX');
    const results = await multi.pttl(full).exec();
    if (!results) throw new Error('Redis transaction was aborted');
    for (const [error] of results) if (error) throw error;
    const value = Number(results[0]?.[1]);
    const ms = Number(results[results.length - 1]?.[1]);
    return { value, ttlMs: ms < 0 ? null : ms };
  }

  async keys(pattern: string) {
    const strip = this.key('').length;
    return (await this.scan(this.key('') + redisGlob(pattern))).map((k) => k.slice(strip)).sort();
  }

  async deleteByPattern(pattern: string) {
    return this.unlinkAll(await this.scan(this.key('') + redisGlob(pattern)));
  }

  async push(queue: string, value: string) {
    return this.redis.rpush(this.queue(queue), value);
  }

  async pop(queue: string) {
    return this.redis.lpop(this.queue(queue));
  }

  async length(queue: string) {
    return this.redis.llen(this.queue(queue));
  }

  async queueLengths(pattern: string) {
    const names = await this.scan(this.queue('') + redisGlob(pattern));
    if (names.length === 0) return {};
    const pipeline = this.redis.pipeline();
    for (const name of names) pipeline.llen(name);
    const results = (await pipeline.exec()) ?? [];
    const strip = this.queue('').length;
    return Object.fromEntries(
      names.map((name, i) => [name.slice(strip), Number(results[i]?.[1] ?? 0)]),
    );
  }

  async clearQueues(pattern: string) {
    const names = await this.scan(this.queue('') + redisGlob(pattern));
    let removed = 0;
    for (const name of names) {
      const [[, length] = [], [, deleted] = []] =
        (await this.redis.multi().llen(name).del(name).exec()) ?? [];
      if (Number(deleted) > 0) removed += Number(length);
    }
    return removed;
  }

  async publish(topic: string, message: string) {
    await this.redis.publish(this.channel(topic), message);
  }

  async subscribe(topic: string, listener: (message: string | null) => void) {
    const channel = this.channel(topic);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    // ioredis subscribes again by itself after a reconnect.
    await (await this.subscriberConnection()).subscribe(channel);
    return () => set.delete(listener);
  }

  private subscriberConnection(): Promise<Redis> {
    this.subscriber ??= (async () => {
      const subscriber = this.redis.duplicate({ enableOfflineQueue: true });
      subscriber.on('error', () => {});
      subscriber.on('message', (channel: string, message: string) => {
        for (const listener of this.listeners.get(channel) ?? []) listener(message);
      });
      let connected = false;
      subscriber.on('ready', () => {
        // Back after a lost connection: whatever was published meanwhile never arrived.
        if (connected)
          for (const set of this.listeners.values()) for (const listener of set) listener(null);
        connected = true;
      });
      await subscriber.connect();
      return subscriber;
    })();
    return this.subscriber;
  }

  private channel(topic: string) {
    return `${this.prefix}c:${topic}`;
  }

  async ping() {
    await this.redis.ping();
  }

  async close() {
    this.redis.disconnect();
    if (this.subscriber) (await this.subscriber).disconnect();
  }

  private async scan(match: string): Promise<string[]> {
    const found = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      for (const key of batch) found.add(key);
      cursor = next;
    } while (cursor !== '0');
    return [...found];
  }

  private async unlinkAll(keys: string[]): Promise<number> {
    let removed = 0;
    for (let i = 0; i < keys.length; i += 500)
      removed += await this.redis.unlink(...keys.slice(i, i + 500));
    return removed;
  }
}
