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
  /**
   * How long the vector list may take (query embedding and index search); a later one is left
   * out and `vector_error` says so. The chat path's recall sets it; the API waits.
   */
  vectorWithinMs?: number;
  /** Items kept (before their rows are read): recall's relevance bar. */
  relevant?: (scores: Record<ListName, number | null>, lexicalWeight: number) => boolean;
}

export type SearchHit = {
  score: number;
  ranks: Record<ListName, number | null>;
  scores: Record<ListName, number | null>;
} & ({ type: 'item'; item: MemoryItem } | { type: 'observation'; observation: Observation });

export interface SearchResult {
  mode: 'lexical' | 'hybrid';
  embedding_model: string | null;
  vector_backend: 'pgvector' | 'none';
  trigram: boolean;
  /** Summed rarity of the query's terms the memory holds: a full-text hit holding them all scores this. */
  lexical_weight: number;
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
    // Without pgvector there is nothing to compare a query vector with: no embedding call.
    const vectors = model !== null && repository.capabilities.vector === 'pgvector';
    let vectorError: string | null = null;
    let embedded: Promise<number[] | null> = Promise.resolve(null);
    if (vectors) {
      embedded = this.embedder.embed([options.q], options.signal).then(
        (result) => result?.vectors[0] ?? null,
        (error: unknown) => {
          vectorError = (error as Error).message.slice(0, 300);
          this.log.warn({ err: error }, 'query embedding failed; searching lexically');
          return null;
        },
      );
    }
    let usedVector = false;
    const nearest = async (table: 'memory_items' | 'observations') => {
      const vector = await embedded;
      if (!vector || !model) return null;
      usedVector = true;
      return repository.nearest(table, vector, model, CANDIDATES, options.statuses);
    };
    const withinBudget = (list: Promise<RankedList | null>) =>
      options.vectorWithinMs === undefined
        ? list
        : within(list, options.vectorWithinMs, () => {
            vectorError = `vector search took longer than ${options.vectorWithinMs} ms; left out`;
          });

    const hits: SearchHit[] = [];
    let weight = 0;
    if (options.scope !== 'observations') {
      // Without a vector list the fused list is the one lexical list cut to the limit: ranks
      // past it would be read (with their rows) for nothing.
      const depth = vectors ? CANDIDATES : Math.min(CANDIDATES, options.limit);
      const [lexical, vector] = await Promise.all([
        repository.items(options.q, depth, options.statuses),
        withinBudget(nearest('memory_items')),
      ]);
      weight = lexical.weight;
      const fused = fuse(lists(lexical.fullText, lexical.trigram, vector), options.limit).filter(
        (hit) => options.relevant?.(ranksOf(hit).scores, lexical.weight) ?? true,
      );
      // The lexical lists read their rows already; only vector hits beyond them are fetched.
      const rows = lexical.rows;
      const unread = fused.filter((hit) => !rows.has(hit.id)).map((hit) => hit.id);
      for (const item of await this.items.getMany(unread)) rows.set(item.id, item);
      for (const hit of fused) {
        const item = rows.get(hit.id);
        if (item) hits.push({ type: 'item', item, ...ranksOf(hit) });
      }
    }
    if (options.scope !== 'items') {
      const [fullText, vector] = await Promise.all([
        repository.observations(options.q, CANDIDATES),
        withinBudget(nearest('observations')),
      ]);
      const fused = fuse(lists(fullText, null, vector), options.limit);
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
      mode: usedVector && vectorError === null ? 'hybrid' : 'lexical',
      embedding_model: model,
      vector_backend: repository.capabilities.vector,
      trigram: repository.capabilities.trigram,
      lexical_weight: Math.round(weight * 1000) / 1000,
      vector_error: vectorError,
      hits: hits.slice(0, options.limit),
      took_ms: Math.round((performance.now() - started) * 10) / 10,
    };
  }
}

/** The list if it settles within `ms`, else null (and `late` is told). */
async function within<T>(list: Promise<T | null>, ms: number, late: () => void): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      late();
      resolve(null);
    }, ms);
  });
  try {
    return await Promise.race([list, timeout]);
  } finally {
    clearTimeout(timer);
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
