import type { FastifyBaseLogger } from 'fastify';
import type { Embedder } from './embedder.js';
import type { MemoryItem, Observation } from './memory.schema.js';
import type { ItemStatus } from './memory.tables.js';
import type { MemoryItemsRepository } from './memory-items.repository.js';
import type { ObservationsRepository } from './observations.repository.js';
import { fuse, type RankedList, type SearchRepository } from './search.repository.js';

export const SEARCH_LISTS = ['full_text', 'trigram', 'vector'] as const;
type ListName = (typeof SEARCH_LISTS)[number];

export interface SearchOptions {
  q: string;
  scope: 'items' | 'observations' | 'all';
  limit: number;
  statuses: ItemStatus[];
  /** `lexical` skips the embedding even when a model is configured. */
  mode: 'auto' | 'lexical';
  signal?: AbortSignal;
}

export type SearchHit = {
  score: number;
  ranks: Record<ListName, number | null>;
  scores: Record<ListName, number | null>;
} & ({ type: 'item'; item: MemoryItem } | { type: 'observation'; observation: Observation });

export interface SearchResult {
  mode: 'lexical' | 'hybrid';
  embedding_model: string | null;
  vector_backend: 'pgvector' | 'portable';
  trigram: boolean;
  /** Why hybrid search fell back to lexical for this query (the provider failed). */
  vector_error: string | null;
  hits: SearchHit[];
  took_ms: number;
}

/** How many candidates each list contributes before fusion. */
const CANDIDATES = 30;

/**
 * Hybrid memory search: full-text and trigram lists always, a vector list when an embedding
 * model is configured and answers, fused by reciprocal rank. Scores are computed, never guessed:
 * each hit carries its rank and raw score in every list.
 */
export class MemorySearch {
  constructor(
    private readonly repository: SearchRepository,
    private readonly items: MemoryItemsRepository,
    private readonly observations: ObservationsRepository,
    private readonly embedder: Embedder,
    private readonly log: FastifyBaseLogger,
  ) {}

  async search(options: SearchOptions): Promise<SearchResult> {
    const started = performance.now();
    const { repository } = this;
    const model = options.mode === 'lexical' ? null : await this.embedder.modelRef();
    let vector: number[] | null = null;
    let vectorError: string | null = null;
    if (model) {
      try {
        vector = (await this.embedder.embed([options.q], options.signal))?.vectors[0] ?? null;
      } catch (error) {
        vectorError = (error as Error).message.slice(0, 300);
        this.log.warn({ err: error }, 'query embedding failed; searching lexically');
      }
    }
    const withVector = async (
      table: 'memory_items' | 'observations',
    ): Promise<RankedList | null> =>
      vector && model
        ? repository.nearest(table, vector, model, CANDIDATES, options.statuses)
        : null;

    const hits: SearchHit[] = [];
    if (options.scope !== 'observations') {
      const [fullText, trigram, nearest] = await Promise.all([
        repository.fullText('memory_items', options.q, CANDIDATES, options.statuses),
        repository.trigram(options.q, CANDIDATES, options.statuses),
        withVector('memory_items'),
      ]);
      const fused = fuse(lists(fullText, trigram, nearest), options.limit);
      const rows = new Map(
        (await this.items.getMany(fused.map((hit) => hit.id))).map((item) => [item.id, item]),
      );
      for (const hit of fused) {
        const item = rows.get(hit.id);
        if (item) hits.push({ type: 'item', item, ...ranksOf(hit) });
      }
    }
    if (options.scope !== 'items') {
      const [fullText, nearest] = await Promise.all([
        repository.fullText('observations', options.q, CANDIDATES, options.statuses),
        withVector('observations'),
      ]);
      const fused = fuse(lists(fullText, null, nearest), options.limit);
      const rows = new Map(
        (await this.observations.getMany(fused.map((hit) => hit.id))).map((o) => [o.id, o]),
      );
      for (const hit of fused) {
        const observation = rows.get(hit.id);
        if (observation) hits.push({ type: 'observation', observation, ...ranksOf(hit) });
      }
    }
    hits.sort((a, b) => b.score - a.score);
    return {
      mode: vector ? 'hybrid' : 'lexical',
      embedding_model: model,
      vector_backend: repository.capabilities.vector,
      trigram: repository.capabilities.trigram,
      vector_error: vectorError,
      hits: hits.slice(0, options.limit),
      took_ms: Math.round((performance.now() - started) * 10) / 10,
    };
  }
}

function lists(
  fullText: RankedList,
  trigram: RankedList | null,
  vector: RankedList | null,
): Record<string, RankedList> {
  return {
    full_text: fullText,
    ...(trigram ? { trigram } : {}),
    ...(vector ? { vector } : {}),
  };
}

function ranksOf(hit: {
  score: number;
  ranks: Record<string, number | null>;
  scores: Record<string, number | null>;
}) {
  const pick = (values: Record<string, number | null>) =>
    Object.fromEntries(SEARCH_LISTS.map((name) => [name, values[name] ?? null])) as Record<
      ListName,
      number | null
    >;
  return { score: hit.score, ranks: pick(hit.ranks), scores: pick(hit.scores) };
}
