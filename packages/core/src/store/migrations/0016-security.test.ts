import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSqlStore, type TestSqlStore } from '../../testing/services.js';
import { mergeModelFreeFlags } from './0016-security.js';

describe('migration 0016: fast_path and decision_layer become model_free_tiers', () => {
  let store: TestSqlStore;
  beforeAll(async () => {
    store = await openTestSqlStore('pglite');
  });
  afterAll(() => store.destroy());

  const flags = async () =>
    (
      await store.db
        .selectFrom('settings')
        .select(['key', 'value', 'updated_by'])
        .where('key', 'like', 'flags.%')
        .orderBy('key')
        .execute()
    ).map((row) => [row.key, row.value, row.updated_by]);
  const set = (key: string, value: boolean, by: string, at: string) =>
    store.db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_by: by, updated_at: new Date(at) })
      .execute();
  const merge = () => mergeModelFreeFlags(store.db as unknown as Kysely<unknown>);

  it('stores nothing when the operator never changed either flag', async () => {
    await merge();
    expect(await flags()).toEqual([]);
  });

  it('keeps the merged flag off when either was off, with the latest author', async () => {
    await set('flags.fast_path', true, 'alice', '2026-01-01T00:00:00Z');
    await set('flags.decision_layer', false, 'bob', '2026-02-01T00:00:00Z');
    await merge();
    expect(await flags()).toEqual([['flags.model_free_tiers', false, 'bob']]);
  });

  it('keeps it on when both were on', async () => {
    await store.db.deleteFrom('settings').execute();
    await set('flags.fast_path', true, 'alice', '2026-03-01T00:00:00Z');
    await set('flags.decision_layer', true, 'bob', '2026-02-01T00:00:00Z');
    await merge();
    expect(await flags()).toEqual([['flags.model_free_tiers', true, 'alice']]);
  });
});
