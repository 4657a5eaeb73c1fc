import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { hint } from '../../store/statement-hints.js';
import type { MemoryItem } from './memory.schema.js';
import type { ItemStatus } from './memory.tables.js';
import { ITEM_COLUMNS, toItem } from './memory-items.repository.js';
import type { Correction, TermCache, TermSnapshot } from './term-cache.js';
import { queryWords } from './text-match.js';

/** One term of a query with the number of items holding it and its weight. */
export interface QueryTerm {
  term: string;
  items: number;
  weight: number;
}

/** What the memory holds of a query's terms. */
export interface QueryTerms {
  /** Items counted by memory_terms (all statuses). */
  total: number;
  /** Terms the memory holds, rarest first. */
  known: QueryTerm[];
  /** Words of the query that no item holds: typos, or things never said. */
  unknown: string[];
}

/** A ranked item, read whole: the caller needs no second query for the rows it keeps. */
export interface TermHit {
  id: string;
  score: number;
  item: MemoryItem;
}

/**
 * Words that carry the shape of a chat message, not what it is about: a message made of them
 * alone asks nothing of memory ("Say hello", "thanks, ok"). English stop words are dropped by
 * the full-text configuration already.
 */
const CHAT_WORDS = new Set(
  (
    'hello hi hey hiya thanks thank thx please pls ok okay yes yeah yep no nope sure cool great ' +
    'good morning afternoon evening night bye goodbye cheers say tell write give show help ' +
    'answer reply quick short again still also just really something anything everything'
  ).split(' '),
);

/** The words of a message worth searching memory for: none in "Say hello" or "ok, thanks". */
export const searchWords = (text: string): string[] =>
  queryWords(text).filter((word) => !CHAT_WORDS.has(word));

/** Candidate rows read for ranking, at most: rarer terms are searched until this many. */
const CANDIDATE_ROWS = 400;
/** Query terms searched, at most (rarest first). */
const MAX_TERMS = 8;
/** Mistyped words corrected by trigram similarity to a term the memory holds. */
const MAX_CORRECTIONS = 4;
/** pg_trgm similarity a correction must reach. */
const CORRECTION_SIMILARITY = 0.45;

/** BM25's inverse document frequency: a term in few items says much, one in most says little. */
export const rarity = (items: number, total: number) =>
  Math.log(1 + (Math.max(total, items) - items + 0.5) / (items + 0.5));

/** A lexeme as a tsquery literal (quotes doubled), never parsed as query syntax. */
const lexemeQuery = (term: string) => `'${term.replace(/'/g, "''")}'`;

/**
 * Full-text search over memory items that stays fast as memory grows: only a query's rarest
 * terms pick candidates through the GIN index (a common word never pulls in a share of the
 * memory), and candidates are ranked by the rarity of every query term they hold (BM25's idf),
 * so a name or a rare noun outranks a word every fact shares.
 */
export class LexicalSearch {
  /** `forceIndexes`: on PGlite (see `indexed`). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TermCache,
    private readonly forceIndexes: boolean,
  ) {}

  /**
   * The query's full-text terms with their counts; chat filler words are dropped first. Words
   * met since memory last changed are answered from the cache, without a query.
   */
  async terms(query: string): Promise<QueryTerms> {
    const words = searchWords(query);
    if (words.length === 0) return { total: 0, known: [], unknown: [] };
    const cached = this.cache.current();
    const unread = words.filter((word) => !cached.words.has(word));
    if (unread.length > 0 || cached.total === null) await this.readCounts(unread, cached);
    const total = cached.total ?? 0;
    const known = new Map<string, QueryTerm>();
    const unknown: string[] = [];
    for (const word of words) {
      for (const { term, items } of cached.words.get(word) ?? []) {
        if (items > 0) known.set(term, { term, items, weight: 0 });
        else if (!unknown.includes(word)) unknown.push(word);
      }
    }
    const sorted = [...known.values()].sort(
      (a, b) => a.items - b.items || (a.term < b.term ? -1 : 1),
    );
    for (const term of sorted) term.weight = rarity(term.items, total);
    return { total, known: sorted.slice(0, MAX_TERMS), unknown };
  }

  /** Each word's terms (none for a stop word) with their counts, and the item total. */
  private async readCounts(words: string[], into: TermSnapshot): Promise<void> {
    const result = await sql<{ word: string; term: string | null; items: number | null }>`
      with words as (select w from unnest(${words}::text[]) w),
        lexemes as (
          select w, unnest(tsvector_to_array(to_tsvector('english', w))) as term from words)
      select w as word, term, (select items from memory_terms t where t.term = l.term) as items
      from lexemes l
      union all
      select '' , '', (select items from memory_terms where term = '')`.execute(this.db);
    for (const word of words) into.words.set(word, []);
    for (const row of result.rows) {
      if (row.word === '') into.total = row.items ?? 0;
      else if (row.term) into.words.get(row.word)?.push({ term: row.term, items: row.items ?? 0 });
    }
  }

  /**
   * Items holding the query's rarest terms, best first by the summed rarity of the terms they
   * hold. Candidates come from the rarest terms whose items add up to CANDIDATE_ROWS, so the
   * rows read stay bounded whatever the memory's size.
   */
  async rank(
    terms: QueryTerm[],
    total: number,
    limit: number,
    statuses: ItemStatus[],
  ): Promise<TermHit[]> {
    if (terms.length === 0) return [];
    const picking: QueryTerm[] = [];
    let rows = 0;
    for (const term of terms) {
      if (picking.length > 0 && rows + term.items > CANDIDATE_ROWS) break;
      picking.push(term);
      rows += term.items;
    }
    let pick = picking.map((t) => lexemeQuery(t.term)).join(' | ');
    if (rows > CANDIDATE_ROWS) {
      // Even the rarest term is common: items holding the two rarest together, when few
      // should (independent terms); a lone common word picks nothing out of the memory.
      const [first, second] = terms;
      if (!first || !second || (first.items * second.items) / Math.max(1, total) > CANDIDATE_ROWS)
        return [];
      pick = `${lexemeQuery(first.term)} & ${lexemeQuery(second.term)}`;
    }
    const score = sql.join(
      terms.map(
        (t) =>
          sql`(case when tsv @@ ${lexemeQuery(t.term)}::tsquery then ${t.weight}::float8 else 0 end)`,
      ),
      sql` + `,
    );
    // The candidates first, by the full-text index alone (another index, such as status's,
    // would read every live item); then their status and rank; then the rows of those kept,
    // in the same statement (one query less through the embedded database).
    const hits = sql<{ hit_id: string; hit_score: number; hit_used: Date }>`(
      with candidates as materialized (
        select id, tsv, status, coalesce(last_used_at, created_at) as used
        from memory_items where tsv @@ ${pick}::tsquery)
      select id as hit_id, ${score} as hit_score, used as hit_used
      from candidates
      where status = any(${statuses}::text[])
      order by hit_score desc, hit_used desc, hit_id
      limit ${limit})`.as('hit');
    const read = await this.indexed(
      this.db
        .selectFrom(hits)
        .innerJoin('memory_items', 'memory_items.id', 'hit.hit_id')
        .select([...ITEM_COLUMNS, 'hit.hit_score'])
        .orderBy('hit.hit_score', 'desc')
        .orderBy('hit.hit_used', 'desc')
        .orderBy('hit.hit_id')
        .compile(),
    );
    return read.map(({ hit_score, ...row }) => ({
      id: row.id,
      score: Number(hit_score),
      item: toItem(row),
    }));
  }

  /**
   * Terms the memory holds that look like the query's unknown words (pg_trgm similarity on the
   * term list, a few thousand rows, not on the items): "flowerpott" finds "flowerpot".
   */
  async corrections(unknown: string[], total: number): Promise<QueryTerm[]> {
    const words = unknown.filter((word) => word.length >= 4).slice(0, MAX_CORRECTIONS);
    if (words.length === 0) return [];
    const cached = this.cache.current();
    const unread = words.filter((word) => !cached.corrections.has(word));
    if (unread.length > 0) await this.readCorrections(unread, cached);
    return words
      .map((word) => cached.corrections.get(word))
      .filter((found): found is Correction => found != null)
      .map((found) => ({
        term: found.term,
        items: found.items,
        weight: rarity(found.items, total) * found.similarity,
      }))
      .sort((a, b) => a.items - b.items);
  }

  /** The closest term to each word, or null when none is close enough. */
  private async readCorrections(words: string[], into: TermSnapshot): Promise<void> {
    const rows = await this.indexed(
      sql<{ word: string; term: string; items: number; similarity: number }>`
        select w as word, c.term, c.items, c.similarity
        from unnest(${words}::text[]) w
        cross join lateral (
          select term, items, similarity(term, w) as similarity from memory_terms
          where term % w and term <> '' and items > 0
          order by similarity desc, items desc limit 1) c
        where c.similarity >= ${CORRECTION_SIMILARITY}`.compile(this.db),
      // On PGlite the trigram index then hands over only terms close enough to be kept, not
      // every term sharing a trigram with the word (a third of its cost for a short word).
      { 'pg_trgm.similarity_threshold': String(CORRECTION_SIMILARITY) },
    );
    for (const word of words) into.corrections.set(word, null);
    for (const row of rows)
      into.corrections.set(row.word, {
        term: row.term,
        items: row.items,
        similarity: Number(row.similarity),
      });
  }

  /**
   * Runs a query that must read its indexes. PGlite's planner prices a sequential scan at
   * native speed, but its engine runs as WebAssembly: below about 10,000 items it scans the
   * table (and hash-joins the rows kept) where the GIN and primary key indexes read a few pages,
   * and that scan grows with the memory. There, sequential scans are turned off for the query.
   * PostgreSQL picks the indexes on its own (checked with and without statistics at 100,000
   * items). The settings hold for this statement alone (a hint the embedded connection applies
   * in the same call, store/statement-hints.ts); `settings` are added beside it, on PGlite only.
   */
  private async indexed<R>(
    query: CompiledQuery<R>,
    settings: Record<string, string> = {},
  ): Promise<R[]> {
    const sent = this.forceIndexes
      ? { ...query, sql: hint({ enable_seqscan: 'off', ...settings }) + query.sql }
      : query;
    return (await this.db.executeQuery(sent)).rows;
  }
}
