import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type KvTestStores,
  kvTestBackends,
  openKvTestStores,
  type TestKvStore,
  type TestSqlStore,
} from '../../testing/services.js';
import type { KvStore } from './kv-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(await kvTestBackends())('key-value store contract ($name)', (setup) => {
  let stores: KvTestStores;
  let sql: TestSqlStore;
  let store: TestKvStore;
  let kv: KvStore;

  beforeAll(async () => {
    stores = await openKvTestStores(setup);
    ({ sql, store } = stores);
    kv = store.kv;
  });
  afterAll(() => stores.destroy());

  it('sets, gets, overwrites and deletes', async () => {
    expect(await kv.get('a')).toBeNull();
    await kv.set('a', 'one');
    expect(await kv.get('a')).toBe('one');
    await kv.set('a', 'two');
    expect(await kv.get('a')).toBe('two');
    expect(await kv.delete('a')).toBe(true);
    expect(await kv.delete('a')).toBe(false);
    expect(await kv.get('a')).toBeNull();
  });

  it('gets several keys at once, in order, absent and expired ones as null', async () => {
    await kv.set('many:a', '1');
    await kv.set('many:c', '3');
    await kv.set('many:gone', 'x', { ttlMs: 1 });
    await sleep(20);
    expect(await kv.getMany(['many:c', 'many:b', 'many:a', 'many:gone', 'many:a'])).toEqual([
      '3',
      null,
      '1',
      null,
      '1',
    ]);
    expect(await kv.getMany([])).toEqual([]);
  });

  it('expires keys after their TTL and reports the time left', async () => {
    await kv.set('short', 'x', { ttlMs: 300 });
    await kv.set('forever', 'y');
    const left = await kv.ttl('short');
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(300);
    expect(await kv.ttl('forever')).toBeNull();
    expect(await kv.ttl('missing')).toBeNull();
    await sleep(450);
    expect(await kv.get('short')).toBeNull();
    expect(await kv.keys('short')).toEqual([]);
    expect(await kv.get('forever')).toBe('y');
  });

  it('setIfAbsent takes a free key once, and again after it expires', async () => {
    expect(await kv.setIfAbsent('lock', 'owner-1', { ttlMs: 300 })).toBe(true);
    expect(await kv.setIfAbsent('lock', 'owner-2', { ttlMs: 300 })).toBe(false);
    expect(await kv.get('lock')).toBe('owner-1');
    await sleep(450);
    expect(await kv.setIfAbsent('lock', 'owner-2')).toBe(true);
    expect(await kv.get('lock')).toBe('owner-2');
  });

  it('compareAndSet writes only over the expected value, and one of many racers wins', async () => {
    expect(await kv.compareAndSet('cas', 'v0', 'v1')).toBe(false);
    expect(await kv.get('cas')).toBeNull();
    expect(await kv.compareAndSet('cas', null, 'v1')).toBe(true);
    expect(await kv.compareAndSet('cas', null, 'v2')).toBe(false);
    expect(await kv.compareAndSet('cas', 'v0', 'v2')).toBe(false);
    expect(await kv.compareAndSet('cas', 'v1', 'v2', { ttlMs: 300 })).toBe(true);
    expect(await kv.get('cas')).toBe('v2');
    const racers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => kv.compareAndSet('cas', 'v2', `winner-${i}`)),
    );
    expect(racers.filter(Boolean)).toHaveLength(1);
    const winner = await kv.get('cas');
    expect(winner).toBe(`winner-${racers.indexOf(true)}`);
    // An expired value counts as absent: only a null expectation takes the key.
    await kv.set('cas', 'old', { ttlMs: 100 });
    await sleep(200);
    expect(await kv.compareAndSet('cas', 'old', 'new')).toBe(false);
    expect(await kv.compareAndSet('cas', null, 'fresh')).toBe(true);
    expect(await kv.ttl('cas')).toBeNull();
  });

  it('increments atomically under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => kv.increment('counter')));
    expect(new Set(results.map((r) => r.value)).size).toBe(40);
    expect(Math.max(...results.map((r) => r.value))).toBe(40);
    expect((await kv.increment('counter', { by: 10 })).value).toBe(50);
    expect(await kv.get('counter')).toBe('50');
  });

  it('sets a counter window on the first increment only, and restarts it after expiry', async () => {
    const first = await kv.increment('window', { ttlMs: 400 });
    expect(first.value).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    await sleep(150);
    const second = await kv.increment('window', { ttlMs: 400 });
    expect(second.value).toBe(2);
    // The window is not extended by later increments.
    expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs ?? 0);
    await sleep(350);
    expect((await kv.increment('window', { ttlMs: 400 })).value).toBe(1);
  });

  it('matches glob patterns with * and ?, treating every other character literally', async () => {
    const keys = ['g:a', 'g:ab', 'g:b%', 'g:b_', 'g:[x]', 'g:back\\slash', 'h:a'];
    for (const key of keys) await kv.set(key, '1');
    expect(await kv.keys('g:*')).toEqual(
      ['g:[x]', 'g:a', 'g:ab', 'g:b%', 'g:b_', 'g:back\\slash'].sort(),
    );
    expect(await kv.keys('g:?')).toEqual(['g:a']);
    expect(await kv.keys('g:b%')).toEqual(['g:b%']);
    expect(await kv.keys('g:b_')).toEqual(['g:b_']);
    expect(await kv.keys('g:[x]')).toEqual(['g:[x]']);
    expect(await kv.keys('g:back\\slash')).toEqual(['g:back\\slash']);
    expect(await kv.deleteByPattern('g:*')).toBe(6);
    expect(await kv.keys('g:*')).toEqual([]);
    expect(await kv.get('h:a')).toBe('1');
  });

  it('keeps queues FIFO and apart from plain keys', async () => {
    expect(await kv.push('jobs', 'first')).toBe(1);
    expect(await kv.push('jobs', 'second')).toBe(2);
    await kv.push('other', 'x');
    expect(await kv.keys('jobs*')).toEqual([]);
    expect(await kv.length('jobs')).toBe(2);
    expect(await kv.queueLengths('*')).toEqual({ jobs: 2, other: 1 });
    expect(await kv.pop('jobs')).toBe('first');
    expect(await kv.pop('jobs')).toBe('second');
    expect(await kv.pop('jobs')).toBeNull();
    expect(await kv.clearQueues('oth*')).toBe(1);
    expect(await kv.length('other')).toBe(0);
  });

  it('hands each queue item to exactly one of several concurrent consumers', async () => {
    for (let i = 0; i < 30; i++) await kv.push('work', String(i));
    const taken = await Promise.all(Array.from({ length: 40 }, () => kv.pop('work')));
    const items = taken.filter((v): v is string => v !== null);
    expect(items).toHaveLength(30);
    expect(new Set(items).size).toBe(30);
  });

  it('delivers a published message to every replica, per topic, until it unsubscribes', async () => {
    const other = await store.replica(sql);
    const here: Array<string | null> = [];
    const there: Array<string | null> = [];
    const elsewhere: Array<string | null> = [];
    const stopHere = await kv.subscribe('changes', (message) => here.push(message));
    const stopThere = await other.subscribe('changes', (message) => there.push(message));
    const stopElsewhere = await other.subscribe('other-topic', (m) => elsewhere.push(m));
    await kv.publish('changes', 'settings');
    await vi.waitFor(() => expect(there).toEqual(['settings']));
    await vi.waitFor(() => expect(here).toEqual(['settings']));
    stopThere();
    await other.publish('changes', 'identity');
    await vi.waitFor(() => expect(here).toEqual(['settings', 'identity']));
    await sleep(100);
    expect(there).toEqual(['settings']);
    expect(elsewhere).toEqual([]);
    stopHere();
    stopElsewhere();
  });

  it('keeps its data across a reconnect', async () => {
    await kv.set('durable', 'yes');
    await kv.push('durable-queue', 'item');
    kv = await store.reconnect(sql);
    expect(await kv.get('durable')).toBe('yes');
    expect(await kv.length('durable-queue')).toBe(1);
  });

  it('answers ping', async () => {
    await expect(kv.ping()).resolves.toBeUndefined();
  });
});
