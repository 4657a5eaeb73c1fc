import type { FastifyBaseLogger } from 'fastify';
import { markUntrusted } from '../runtime/guards/input-guard.js';
import { estimateTokens } from '../runtime/tokens.js';
import { searchWords } from './lexical-search.js';
import type { MemoryItem } from './memory.schema.js';
import type { MemoryItemsRepository } from './memory-items.repository.js';
import type { MemorySearch } from './memory-search.js';
import { STALE_AFTER_MS } from './term-cache.js';
import { setSimilarity, trigrams } from './text-match.js';

/** What one request carries from memory, and which items that was (for its trace). */
export interface Recall {
  /** Sections of the system prompt: the pinned blocks, then the recalled items. */
  sections: string[];
  /** Ids of every item the prompt carries, pinned blocks first. */
  itemIds: string[];
  /** What the trace should know: the search ran past its time budget, or its vectors did. */
  notes: string[];
}

/** Recalled items closer than this to one already taken say the same thing twice. */
export const NEAR_DUPLICATE = 0.9;
/** Candidates searched before dedup and the token cut. */
const CANDIDATES = 20;
/**
 * The relevance bar: a recalled item's full-text match (or its match through corrected typos)
 * must carry this share of the summed rarity of the query's known terms (a fact sharing only a
 * common word with the message is not about it), or lie this close in the embedding space.
 */
export const LEXICAL_BAR = 0.3;
export const VECTOR_BAR = 0.6;
/** How long recalled items' usage counts gather before they are written. */
const USE_FLUSH_MS = 5_000;

interface Snapshot {
  generation: number;
  loadedAt: number;
  pinned: MemoryItem[];
  pinnedSection: string | null;
  /** Active or provisional items that are not pinned: none means nothing to search. */
  archival: boolean;
}

/**
 * Builds the memory part of a model request. Pinned blocks always come (Letta-style, with
 * their size against their limit, so the agent sees how much room is left); archival items
 * come from a search on the request's text, deduplicated (same hash, then near-same text) and
 * cut to the token budget, each past a relevance bar (so a greeting recalls nothing). The pinned
 * blocks and whether anything is archived are cached until memory changes, so a request against
 * an empty memory costs no query at all.
 */
export class MemoryRecall {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Panic Resets seen: a snapshot loaded before one is never kept. */
  private wipes = 0;
  private readonly usage = new Set<string>();
  private flushing: NodeJS.Timeout | undefined;

  constructor(
    private readonly items: MemoryItemsRepository,
    private readonly search: MemorySearch,
    private readonly tokenBudget: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * `budgetMs` bounds the archival search: past it the request goes on with the pinned blocks
   * only (the search is abandoned, its result dropped) and `notes` says so.
   */
  async recall(text: string, signal?: AbortSignal, budgetMs = 0): Promise<Recall> {
    const snapshot = await this.current();
    const sections: string[] = [];
    const itemIds: string[] = [];
    const notes: string[] = [];
    if (snapshot.pinnedSection) {
      sections.push(snapshot.pinnedSection);
      itemIds.push(...snapshot.pinned.map((block) => block.id));
    }
    // A message of chat filler alone ("Say hello") searches nothing: no query, no embedding.
    if (snapshot.archival && this.tokenBudget > 0 && searchWords(text).length > 0) {
      const recalled = await this.archival(text, snapshot.pinned, signal, budgetMs, notes);
      if (recalled.length > 0) {
        sections.push(renderRecalled(recalled));
        itemIds.push(...recalled.map((item) => item.id));
        this.used(recalled.map((item) => item.id));
      }
    }
    return { sections, itemIds, notes };
  }

  private async archival(
    text: string,
    pinned: MemoryItem[],
    signal: AbortSignal | undefined,
    budgetMs: number,
    notes: string[],
  ): Promise<MemoryItem[]> {
    // The search stops with the request, or when the budget is spent (its answer is dropped).
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal?.addEventListener('abort', stop, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      if (budgetMs > 0) timer = setTimeout(() => resolve(null), budgetMs);
    });
    const searched = this.search.search({
      q: text.slice(0, 1_000),
      scope: 'items',
      limit: CANDIDATES,
      statuses: ['active', 'provisional'],
      mode: 'auto',
      signal: controller.signal,
      // The vector list (a provider's embedding call) may not hold the lexical one back.
      ...(budgetMs > 0 ? { vectorWithinMs: Math.max(1, Math.floor(budgetMs * 0.8)) } : {}),
      relevant,
    });
    let result: Awaited<typeof searched> | null;
    try {
      result = await Promise.race([searched, late]);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
    if (!result) {
      stop();
      searched.catch(() => undefined);
      notes.push(`memory recall took longer than its ${budgetMs} ms budget; answered without it`);
      return [];
    }
    if (result.vector_error) notes.push(`memory recall: ${result.vector_error}`);
    const taken: MemoryItem[] = [];
    const takenGrams: Array<Set<string>> = [];
    const hashes = new Set(pinned.map((block) => block.content_hash));
    let tokens = 0;
    for (const hit of result.hits) {
      if (hit.type !== 'item' || hit.item.pinned) continue;
      const item = hit.item;
      if (hashes.has(item.content_hash)) continue;
      const grams = trigrams(item.text);
      if (takenGrams.some((other) => setSimilarity(other, grams) >= NEAR_DUPLICATE)) continue;
      const cost = estimateTokens(renderItem(item)) + 1;
      if (tokens + cost > this.tokenBudget) continue;
      tokens += cost;
      hashes.add(item.content_hash);
      taken.push(item);
      takenGrams.push(grams);
    }
    return taken;
  }

  /**
   * Usage counts feed the pages, not the reply: they are written together every few seconds.
   * Written with each request, their row updates (and the index entries they add) would share
   * the embedded database's one connection with the next request's recall.
   */
  private used(ids: string[]): void {
    for (const id of ids) this.usage.add(id);
    this.flushing ??= setTimeout(() => {
      this.flush().catch((error: unknown) =>
        this.log.warn({ err: error }, 'memory use not recorded'),
      );
    }, USE_FLUSH_MS);
    this.flushing.unref();
  }

  /** Writes the usage counts gathered so far (also on close). */
  async flush(): Promise<void> {
    clearTimeout(this.flushing);
    this.flushing = undefined;
    const ids = [...this.usage];
    this.usage.clear();
    if (ids.length > 0) await this.items.markUsed(ids);
  }

  /** Memory was wiped behind the repository's back (a Panic Reset): load it afresh. */
  forget(): void {
    this.wipes += 1;
    this.usage.clear();
    this.snapshot = null;
    this.loading = null;
  }

  private async current(): Promise<Snapshot> {
    const generation = this.items.generation;
    const cached = this.snapshot;
    if (cached && cached.generation === generation && Date.now() - cached.loadedAt < STALE_AFTER_MS)
      return cached;
    // One load at a time: a burst of requests after a change shares it.
    this.loading ??= this.load(generation).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(generation: number): Promise<Snapshot> {
    const wipes = this.wipes;
    const [pinned, archival] = await Promise.all([
      this.items.pinnedBlocks(),
      this.items.hasLiveArchival(),
    ]);
    const snapshot: Snapshot = {
      generation,
      loadedAt: Date.now(),
      pinned,
      pinnedSection: pinned.length > 0 ? renderPinned(pinned) : null,
      archival,
    };
    // A change that landed while loading leaves the snapshot stale: keep it for this request only.
    if (this.items.generation === generation && this.wipes === wipes) this.snapshot = snapshot;
    return snapshot;
  }
}

/**
 * The relevance bar. A vector always has nearest neighbours, even for "hello": vector-only hits
 * count only for a message holding some term the memory knows.
 */
function relevant(scores: Record<string, number | null>, lexicalWeight: number): boolean {
  const lexical = Math.max(scores.full_text ?? 0, scores.trigram ?? 0);
  return (
    (lexical > 0 && lexical >= LEXICAL_BAR * lexicalWeight) ||
    (lexicalWeight > 0 && (scores.vector ?? 0) >= VECTOR_BAR)
  );
}

function renderPinned(blocks: MemoryItem[]): string {
  return [
    'Memory blocks (always here; change them with memory_replace, each within its limit):',
    ...blocks.map(
      (block) =>
        `<memory_block path="${block.path}" id="${block.id}" chars="${block.chars}/${block.char_limit ?? block.chars}">\n${block.text}\n</memory_block>`,
    ),
  ].join('\n');
}

function renderItem(item: MemoryItem): string {
  const tags = [item.kind, item.status === 'provisional' ? 'unconfirmed' : null]
    .filter(Boolean)
    .join(', ');
  const line = `- [${item.id}] (${tags}) ${item.path}: ${item.text}`;
  return item.untrusted ? markUntrusted(`memory ${item.source_kind} ${item.id}`, line) : line;
}

function renderRecalled(items: MemoryItem[]): string {
  return [
    'Recalled from memory (may be relevant; "unconfirmed" items are your own guesses; use memory_search for more, memory_forget to drop a wrong one):',
    ...items.map(renderItem),
  ].join('\n');
}
