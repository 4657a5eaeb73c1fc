import { type Kysely, type Migration, sql } from 'kysely';

/**
 * How many memory items hold each full-text term, kept by triggers as items are written. Recall
 * reads it to search only the query's rare terms (a common word would pull in a large share
 * of the memory and make every search as slow as a scan) and to weigh each term by its rarity;
 * a trigram index on the terms corrects a mistyped word to one the memory holds. A truncate
 * of memory_items (Panic Reset) empties it in the same statement. The empty term counts the
 * items themselves.
 */
export const memoryTermsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const trigram =
      (await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db)).rows.length > 0;
    const statements = [
      // Half-full pages: a count's update fits beside the old row (a HOT update, no new index
      // entries), and the next read prunes the old one; nothing else would, without a vacuum.
      `create table memory_terms (
        term text primary key,
        items integer not null
      ) with (fillfactor = 50)`,
      `create function memory_terms_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update memory_terms set items = items - 1
            where term = any(tsvector_to_array(old.tsv) || ''::text);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into memory_terms (term, items)
            select unnest(tsvector_to_array(new.tsv) || ''::text), 1
            on conflict (term) do update set items = memory_terms.items + 1;
        end if;
        return null;
      end $$`,
      `create trigger memory_items_terms after insert or delete or update of text, path
        on memory_items for each row execute function memory_terms_count()`,
      `create function memory_terms_clear() returns trigger language plpgsql as $$
      begin
        truncate memory_terms;
        return null;
      end $$`,
      `create trigger memory_items_terms_truncate after truncate on memory_items
        for each statement execute function memory_terms_clear()`,
      `insert into memory_terms (term, items)
        select term, count(*)::int from memory_items, unnest(tsvector_to_array(tsv)) term
        group by term
        union all
        select '', count(*)::int from memory_items`,
    ];
    const gin = ['memory_items_tsv', 'observations_tsv'];
    if (trigram) {
      statements.push(
        'create index memory_terms_trgm on memory_terms using gin (term gin_trgm_ops) with (fastupdate = off)',
      );
    }
    // GIN's pending list (fastupdate) is merged into the index only by a vacuum, and PGlite
    // runs no autovacuum: every search would read the whole unmerged list, and the planner,
    // pricing that in, scans the table instead. Writes go straight into the index.
    for (const index of gin) {
      statements.push(`alter index ${index} set (fastupdate = off)`);
      statements.push(`select gin_clean_pending_list('${index}'::regclass)`);
    }
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
