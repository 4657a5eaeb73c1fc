import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSqlStore, sqlTestBackends, type TestSqlStore } from '../../testing/services.js';
import { LexicalSearch } from './lexical-search.js';
import { TermCache } from './term-cache.js';

/**
 * The term counts recall ranks by follow every write (insert, edit, delete, truncate), and
 * ranking puts the item holding the query's rare terms first, whatever the common words say.
 */
describe.each(await sqlTestBackends())('lexical memory search (%s)', (backend) => {
  let store: TestSqlStore;
  let search: LexicalSearch;
  let cache: TermCache;
  /** Stands for the items repository's generation, which each of its writes moves. */
  let generation = 0;

  beforeAll(async () => {
    store = await openTestSqlStore(backend);
    cache = new TermCache(() => generation);
    search = new LexicalSearch(store.db, cache, backend === 'pglite');
  }, 120_000);
  afterAll(() => store.destroy());

  const insert = async (id: string, text: string) => {
    generation += 1;
    await sql`insert into memory_items (id, path, kind, text, status, confidence, source_kind,
        content_hash, created_by)
      values (${id}, 'facts/test', 'fact', ${text}, 'active', 0.9, 'chat', ${id}, 'extractor')`.execute(
      store.db,
    );
  };
  const count = async (term: string) => {
    const result = await sql<{ items: number }>`
      select items from memory_terms where term = ${term}`.execute(store.db);
    return result.rows[0]?.items ?? 0;
  };

  it('counts the items holding each term through inserts, edits and deletes', async () => {
    await insert('a', 'Ana walks the dog every morning.');
    await insert('b', 'Rui walks to the harbour on Sundays.');
    await insert('c', 'The dog sleeps in the kitchen.');
    expect(await count('walk')).toBe(2);
    expect(await count('dog')).toBe(2);
    expect(await count('')).toBe(3);
    await sql`update memory_items set text = 'Ana cycles every morning.' where id = 'a'`.execute(
      store.db,
    );
    expect(await count('walk')).toBe(1);
    expect(await count('cycl')).toBe(1);
    // A status change leaves the text, and the counts, as they were.
    await sql`update memory_items set status = 'retracted' where id = 'b'`.execute(store.db);
    expect(await count('harbour')).toBe(1);
    await sql`delete from memory_items where id = 'c'`.execute(store.db);
    expect(await count('dog')).toBe(0);
    expect(await count('')).toBe(2);
  });

  it('ranks the item holding the rare term first and drops chat filler words', async () => {
    for (let i = 0; i < 30; i++) await insert(`common-${i}`, `The operator likes tea number ${i}.`);
    await insert('rare', 'The operator likes the Zanzibar tea.');
    const terms = await search.terms('Hello! Which tea from Zanzibar does the operator like?');
    expect(terms.known[0]?.term).toBe('zanzibar');
    expect(terms.known.map((t) => t.term)).not.toContain('hello');
    const hits = await search.rank(terms.known, terms.total, 5, ['active']);
    expect(hits[0]?.id).toBe('rare');
    expect(hits[0]?.item.text).toBe('The operator likes the Zanzibar tea.');
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? 0);
    expect(await search.terms('Say hello, thanks')).toMatchObject({ known: [], unknown: [] });
  });

  it('corrects a mistyped word to a term the memory holds', async () => {
    const terms = await search.terms('zanzibr');
    expect(terms.known).toEqual([]);
    const corrected = await search.corrections(terms.unknown, terms.total);
    expect(corrected.map((t) => t.term)).toEqual(['zanzibar']);
  });

  it('reads the counts of a word again once memory changed, and after a reset', async () => {
    const zanzibar = async () =>
      (await search.terms('zanzibar')).known.find((t) => t.term === 'zanzibar')?.items;
    expect(await zanzibar()).toBe(1);
    // Written behind the cache's back (as another replica would): the cached count stays.
    await sql`insert into memory_items (id, path, kind, text, status, confidence, source_kind,
        content_hash, created_by)
      values ('other', 'facts/test', 'fact', 'Zanzibar again', 'active', 0.9, 'chat', 'other',
        'extractor')`.execute(store.db);
    expect(await zanzibar()).toBe(1);
    generation += 1;
    expect(await zanzibar()).toBe(2);
    await sql`truncate memory_items`.execute(store.db);
    cache.forget();
    expect(await search.terms('zanzibar')).toMatchObject({ known: [], unknown: ['zanzibar'] });
  });

  it('empties the counts when memory_items is truncated (Panic Reset)', async () => {
    await sql`truncate memory_items`.execute(store.db);
    const left = await sql<{ n: number }>`select count(*)::int as n from memory_terms`.execute(
      store.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
