/**
 * How long what was read of memory is trusted without a change in this process: another
 * replica's writes (and a Panic Reset run elsewhere, until its notice arrives) change the
 * tables behind its back.
 */
export const STALE_AFTER_MS = 30_000;
/** Words remembered at most: past it the cache starts afresh rather than grow with the chats. */
const MAX_WORDS = 20_000;

/** A word's full-text terms with the number of items holding each (none for a stop word). */
export type WordTerms = Array<{ term: string; items: number }>;

/** A term the memory holds that an unknown word was probably mistyped from. */
export interface Correction {
  term: string;
  items: number;
  similarity: number;
}

/** What lookups learned while memory stayed as it was; dropped whole when it changes. */
export interface TermSnapshot {
  /** Items counted by the term counts (null until read). */
  total: number | null;
  words: Map<string, WordTerms>;
  /** Unknown words with the term they were mistyped from, or null when none is close. */
  corrections: Map<string, Correction | null>;
}

/**
 * The term counts and typo corrections of recent messages, so recall on the chat path reads
 * only the words it has not met since memory last changed (each read is a query through the
 * embedded database's single connection). Dropped when this process writes an item (the
 * items repository's generation moves), after STALE_AFTER_MS, and on a Panic Reset.
 */
export class TermCache {
  private snapshot: TermSnapshot = empty();
  private generation: number;
  private loadedAt = Date.now();

  constructor(private readonly currentGeneration: () => number) {
    this.generation = currentGeneration();
  }

  /**
   * The snapshot to read and fill. A lookup that is still running when memory changes fills
   * the snapshot it started with, which nobody reads any more.
   */
  current(): TermSnapshot {
    const generation = this.currentGeneration();
    const stale =
      generation !== this.generation ||
      Date.now() - this.loadedAt >= STALE_AFTER_MS ||
      this.snapshot.words.size + this.snapshot.corrections.size > MAX_WORDS;
    if (stale) this.restart(generation);
    return this.snapshot;
  }

  /** Memory was wiped behind the repository's back (a Panic Reset). */
  forget(): void {
    this.restart(this.currentGeneration());
  }

  private restart(generation: number): void {
    this.snapshot = empty();
    this.generation = generation;
    this.loadedAt = Date.now();
  }
}

const empty = (): TermSnapshot => ({ total: null, words: new Map(), corrections: new Map() });
