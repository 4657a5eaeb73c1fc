import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { SqlBackend } from '../../store/db.js';
import { LexicalSearch, type TermHit } from './lexical-search.js';
import type { MemoryItem } from './memory.schema.js';
import type { ItemStatus } from './memory.tables.js';
import type { TermCache } from './term-cache.js';
import { queryWords } from './text-match.js';
import { vectorLiteral } from './vectors.js';
import './memory.tables.js';

/** What the database offers memory search; detected once when the module starts. */
export interface SearchCapabilities {
  /** pg_trgm is installed: mistyped query words are corrected to terms the memory holds. */
  trigram: boolean;
  /**
   * pgvector's `vector` column with HNSW indexes, or none: a PostgreSQL without pgvector
   * searches lexically only (scoring every stored vector in the server would grow with memory).
   */
  vector: 'pgvector' | 'none';
  /**
   * The embedded PGlite, whose engine runs as WebAssembly: several times slower per row than
   * the native server the planner's costs assume, so its plans must be steered to the indexes.
   */
  embedded: boolean;
}

export async function detectCapabilities(
  db: Kysely<Database>,
  backend: SqlBackend,
): Promise<SearchCapabilities> {
  const result = await sql<{ trigram: boolean; type: string | null }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as trigram,
      (select format_type(atttypid, atttypmod) from pg_attribute
        where attrelid = 'memory_items'::regclass and attname = 'embedding') as type`.execute(db);
  const row = result.rows[0];
  return {
    trigram: row?.trigram ?? false,
    vector: row?.type === 'vector' ? 'pgvector' : 'none',
    embedded: backend === 'pglite',
  };
}

/** Reciprocal rank fusion's constant (Graphiti, Elastic): rank r adds 1 / (60 + r). */
export const RRF_K = 60;

/** One list's answer: ids best first, with the list's own score. */
export interface RankedList {
  ids: string[];
  scores: Map<string, number>;
}

const ranked = (rows: Array<{ id: string; score: number | string }>): RankedList => ({
  ids: rows.map((row) => row.id),
  scores: new Map(rows.map((row) => [row.id, Number(row.score)])),
});

const rowsOf = (hits: TermHit[]) => new Map(hits.map((hit) => [hit.id, hit.item]));

/** The lexical lists over memory items, and how much the query's known terms weigh together. */
export interface ItemLists {
  fullText: RankedList;
  /** Items holding corrections of mistyped words; null when full text found something. */
  trigram: RankedList | null;
  /** Summed rarity of the query terms the memory holds: what a perfect match scores. */
  weight: number;
  /** The rows of the items the lexical lists ranked, read with them. */
  rows: Map<string, MemoryItem>;
}

type Table = 'memory_items' | 'observations';

export class SearchRepository {
  private readonly lexical: LexicalSearch;

  constructor(
    private readonly db: Kysely<Database>,
    readonly capabilities: SearchCapabilities,
    terms: TermCache,
  ) {
    this.lexical = new LexicalSearch(db, terms, capabilities.embedded);
  }

  /**
   * Memory items by their rarest query terms (see LexicalSearch); when none matches and a
   * word is unknown to the memory, by the terms it was probably mistyped from.
   */
  async items(query: string, limit: number, statuses: ItemStatus[]): Promise<ItemLists> {
    const terms = await this.lexical.terms(query);
    const weight = terms.known.reduce((sum, term) => sum + term.weight, 0);
    const found = await this.lexical.rank(terms.known, terms.total, limit, statuses);
    const fullText = ranked(found);
    if (fullText.ids.length > 0 || !this.capabilities.trigram || terms.unknown.length === 0)
      return { fullText, trigram: null, weight, rows: rowsOf(found) };
    const corrected = await this.lexical.corrections(terms.unknown, terms.total);
    // No correction: the known terms alone, which just found nothing, would be ranked again.
    if (corrected.length === 0) return { fullText, trigram: ranked([]), weight, rows: new Map() };
    const correctedHits = await this.lexical.rank(
      [...terms.known, ...corrected],
      terms.total,
      limit,
      statuses,
    );
    return {
      fullText,
      trigram: ranked(correctedHits),
      weight: weight + corrected.reduce((sum, term) => sum + term.weight, 0),
      rows: rowsOf(correctedHits),
    };
  }

  /** Observations by ts_rank_cd over an OR of the query's words (the /vector-memory page). */
  async observations(query: string, limit: number) {
    const words = queryWords(query);
    if (words.length === 0) return ranked([]);
    const result = await sql<{ id: string; score: number }>`
      select id, ts_rank_cd(tsv, q) as score
      from observations, to_tsquery('english', ${words.join(' | ')}) q
      where tsv @@ q
      order by score desc, id
      limit ${limit}`.execute(this.db);
    return ranked(result.rows);
  }

  /**
   * Nearest rows by cosine similarity among those embedded by `model`, through the partial
   * HNSW index; an empty list without pgvector.
   */
  async nearest(
    table: Table,
    vector: number[],
    model: string,
    limit: number,
    statuses: ItemStatus[],
  ): Promise<RankedList> {
    if (this.capabilities.vector !== 'pgvector') return ranked([]);
    const filter = table === 'memory_items' ? sql`and status = any(${statuses}::text[])` : sql``;
    // The expression and the literal model name and dimension match the partial HNSW index
    // the embedding backfill builds for them.
    const typed = sql.raw(`vector(${vector.length})`);
    const distance = sql`embedding::${typed} <=> ${vectorLiteral(vector)}::${typed}`;
    const result = await sql<{ id: string; score: number }>`
      select id, 1 - (${distance}) as score
      from ${sql.table(table)}
      where embedding_model = ${sql.lit(model)}
        and vector_dims(embedding) = ${sql.lit(vector.length)} ${filter}
      order by ${distance}
      limit ${limit}`.execute(this.db);
    return ranked(result.rows);
  }
}

export interface FusedHit {
  id: string;
  score: number;
  ranks: Record<string, number | null>;
  scores: Record<string, number | null>;
}

/** Reciprocal rank fusion of named lists; ties keep the order of the first list that ranks them. */
export function fuse(lists: Record<string, RankedList>, limit: number): FusedHit[] {
  const hits = new Map<string, FusedHit>();
  const names = Object.keys(lists);
  for (const [name, list] of Object.entries(lists)) {
    list.ids.forEach((id, index) => {
      let hit = hits.get(id);
      if (!hit) {
        hit = {
          id,
          score: 0,
          ranks: Object.fromEntries(names.map((n) => [n, null])),
          scores: Object.fromEntries(names.map((n) => [n, null])),
        };
        hits.set(id, hit);
      }
      hit.score += 1 / (RRF_K + index + 1);
      hit.ranks[name] = index + 1;
      hit.scores[name] = list.scores.get(id) ?? null;
    });
  }
  return [...hits.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
