import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type KvTestStores,
  kvTestBackends,
  openKvTestStores,
  type TestKvStore,
  type TestSqlStore,
} from '../../testing/services.js';
import type { KvStore } from './kv-store.js';
import { SharedKeyedCache } from './shared-cache.js';

describe.each(await kvTestBackends())('shared keyed cache ($name)', (setup) => {
  let stores: KvTestStores;
  let sql: TestSqlStore;
  let store: TestKvStore;
  let kv: KvStore;
  let other: KvStore;

  beforeAll(async () => {
    stores = await openKvTestStores(setup);
    ({ sql, store } = stores);
    kv = store.kv;
    other = await store.replica(sql);
  });
  afterAll(() => stores.destroy());

  /** A loader that counts its reads of the key-value store. */
  const reader = (key: string) => {
    const read = { count: 0 };
    const load = async () => {
      read.count += 1;
      return kv.get(key);
    };
    return { read, load };
  };

  it('reads a key once, until a change to it is announced here or on another replica', async () => {
    const topic = `topic-${setup.name}-a`;
    const mine = new SharedKeyedCache<string | null>(kv, topic);
    const theirs = new SharedKeyedCache<string | null>(other, topic);
    await kv.set('value:a', 'one');
    const { read, load } = reader('value:a');
    expect(await mine.get('a', load)).toBe('one');
    expect(await mine.get('a', load)).toBe('one');
    expect(read.count).toBe(1);

    // Another replica writes and announces: this copy is dropped within the message's delivery.
    await kv.set('value:a', 'two');
    await theirs.changed('a');
    await expect.poll(() => mine.get('a', load)).toBe('two');
    // A change to another key leaves this one cached.
    const before = read.count;
    await theirs.changed('b');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await mine.get('a', load)).toBe('two');
    expect(read.count).toBe(before);

    // The writer's own copy is dropped at once, before any message.
    await kv.set('value:a', 'three');
    await mine.changed('a');
    expect(await mine.get('a', load)).toBe('three');
  });

  it('shares one read between callers that ask while it is under way', async () => {
    const cache = new SharedKeyedCache<string>(kv, `topic-${setup.name}-c`);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'value';
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([
      'value',
      'value',
    ]);
    expect(loads).toBe(1);
  });

  it('keeps no value that a change overtook while it was being read, and reads again when it no longer fits', async () => {
    const cache = new SharedKeyedCache<string>(kv, `topic-${setup.name}-b`);
    let release = () => {};
    const slow = cache.get(
      'k',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('stale');
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.changed('k');
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('k', async () => 'unused')).toBe('fresh');
    expect(
      await cache.get(
        'k',
        async () => 'refit',
        (value) => value !== 'fresh',
      ),
    ).toBe('refit');
  });
});
