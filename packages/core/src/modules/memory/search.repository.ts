import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { ItemStatus } from './memory.tables.js';
import { queryWords } from './text-match.js';
import { cosine, parseVector, vectorLiteral } from './vectors.js';
import './memory.tables.js';

/** What the database offers memory search; detected once when the module starts. */
export interface SearchCapabilities {
  /** pg_trgm is installed: trigram matching joins full-text search. */
  trigram: boolean;
  /** pgvector's `vector` column and index, or `real[]` scored in Node. */
  vector: 'pgvector' | 'portable';
}

export async function detectCapabilities(db: Kysely<Database>): Promise<SearchCapabilities> {
  const result = await sql<{ trigram: boolean; type: string | null }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as trigram,
      (select format_type(atttypid, atttypmod) from pg_attribute
        where attrelid = 'memory_items'::regclass and attname = 'embedding') as type`.execute(db);
  const row = result.rows[0];
  return {
    trigram: row?.trigram ?? false,
    vector: row?.type === 'vector' ? 'pgvector' : 'portable',
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

/** Trigram matching on a long message costs more than it finds; its start is enough. */
const TRIGRAM_QUERY_CHARS = 200;
/** Without pgvector, this many most recently used embedded rows are scored in Node. */
export const PORTABLE_SCAN_MAX = 5_000;

type Table = 'memory_items' | 'observations';

/**
 * The ranked lists memory search fuses: full-text (ts_rank_cd over an OR of the query's words),
 * trigram similarity (items only: observations are too long for it to mean much), and vector
 * distance for the current embedding model.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    readonly capabilities: SearchCapabilities,
  ) {}

  async fullText(table: Table, query: string, limit: number, statuses: ItemStatus[]) {
    const words = queryWords(query);
    if (words.length === 0) return ranked([]);
    const tsquery = words.join(' | ');
    const filter = table === 'memory_items' ? sql`and status = any(${statuses}::text[])` : sql``;
    const result = await sql<{ id: string; score: number }>`
      select id, ts_rank_cd(tsv, q) as score
      from ${sql.table(table)}, to_tsquery('english', ${tsquery}) q
      where tsv @@ q ${filter}
      order by score desc, id
      limit ${limit}`.execute(this.db);
    return ranked(result.rows);
  }

  /** Items containing something like the query's words, spelling slips included (pg_trgm's word similarity). */
  async trigram(query: string, limit: number, statuses: ItemStatus[]) {
    const text = query.trim().slice(0, TRIGRAM_QUERY_CHARS);
    if (!this.capabilities.trigram || text.length < 3) return ranked([]);
    const result = await sql<{ id: string; score: number }>`
      select id, word_similarity(${text}, text) as score
      from memory_items
      where ${text} <% text and status = any(${statuses}::text[])
      order by score desc, id
      limit ${limit}`.execute(this.db);
    return ranked(result.rows);
  }

  /** Nearest rows by cosine similarity among those embedded by `model`. */
  async nearest(
    table: Table,
    vector: number[],
    model: string,
    limit: number,
    statuses: ItemStatus[],
  ): Promise<RankedList> {
    const filter = table === 'memory_items' ? sql`and status = any(${statuses}::text[])` : sql``;
    if (this.capabilities.vector === 'pgvector') {
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
    const recency =
      table === 'memory_items' ? sql`coalesce(last_used_at, created_at)` : sql`observed_at`;
    const result = await sql<{ id: string; embedding: unknown }>`
      select id, embedding from ${sql.table(table)}
      where embedding_model = ${model} ${filter}
      order by ${recency} desc
      limit ${PORTABLE_SCAN_MAX}`.execute(this.db);
    const scored = result.rows
      .map((row) => ({ id: row.id, score: cosine(vector, parseVector(row.embedding)) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return ranked(scored);
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
