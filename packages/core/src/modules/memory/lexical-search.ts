import { type Kysely, type QueryResult, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { ItemStatus } from './memory.tables.js';
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

export interface TermHit {
  id: string;
  score: number;
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
  constructor(private readonly db: Kysely<Database>) {}

  /** The query's full-text terms with their counts; chat filler words are dropped first. */
  async terms(query: string): Promise<QueryTerms> {
    const words = searchWords(query);
    if (words.length === 0) return { total: 0, known: [], unknown: [] };
    const result = await sql<{ word: string; term: string | null; items: number | null }>`
      with words as (select w from unnest(${words}::text[]) w),
        lexemes as (
          select w, unnest(tsvector_to_array(to_tsvector('english', w))) as term from words)
      select w as word, term, (select items from memory_terms t where t.term = l.term) as items
      from lexemes l
      union all
      select '' , '', (select items from memory_terms where term = '')`.execute(this.db);
    let total = 0;
    const known = new Map<string, QueryTerm>();
    const unknown: string[] = [];
    for (const row of result.rows) {
      if (row.word === '') {
        total = row.items ?? 0;
        continue;
      }
      if (!row.term) continue;
      if ((row.items ?? 0) > 0)
        known.set(row.term, { term: row.term, items: row.items ?? 0, weight: 0 });
      else if (!unknown.includes(row.word)) unknown.push(row.word);
    }
    const sorted = [...known.values()].sort(
      (a, b) => a.items - b.items || (a.term < b.term ? -1 : 1),
    );
    for (const term of sorted) term.weight = rarity(term.items, total);
    return { total, known: sorted.slice(0, MAX_TERMS), unknown };
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
    // would read every live item); then their status and rank.
    const result = await this.indexed(sql<TermHit>`
      with candidates as materialized (
        select id, tsv, status, coalesce(last_used_at, created_at) as used
        from memory_items where tsv @@ ${pick}::tsquery)
      select id, ${score} as score
      from candidates
      where status = any(${statuses}::text[])
      order by score desc, used desc, id
      limit ${limit}`);
    return result.rows.map((row) => ({ id: row.id, score: Number(row.score) }));
  }

  /**
   * Terms the memory holds that look like the query's unknown words (pg_trgm similarity on the
   * term list, a few thousand rows, not on the items): "flowerpott" finds "flowerpot".
   */
  async corrections(unknown: string[], total: number): Promise<QueryTerm[]> {
    const words = unknown.filter((word) => word.length >= 4).slice(0, MAX_CORRECTIONS);
    if (words.length === 0) return [];
    const result = await this.indexed(sql<{ term: string; items: number; similarity: number }>`
      select c.term, c.items, c.similarity
      from unnest(${words}::text[]) w
      cross join lateral (
        select term, items, similarity(term, w) as similarity from memory_terms
        where term % w and term <> '' and items > 0
        order by similarity desc, items desc limit 1) c
      where c.similarity >= ${CORRECTION_SIMILARITY}`);
    return result.rows
      .map((row) => ({
        term: row.term,
        items: row.items,
        weight: rarity(row.items, total) * Number(row.similarity),
      }))
      .sort((a, b) => a.items - b.items);
  }

  /**
   * Runs a query that must read its GIN index. The planner prices GIN from statistics that only
   * a vacuum writes, and PGlite runs no autovacuum: left alone it scans the whole table, whose
   * cost grows with the memory.
   */
  private indexed<T>(query: RawBuilder<T>): Promise<QueryResult<T>> {
    return this.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return query.execute(trx);
    });
  }
}
