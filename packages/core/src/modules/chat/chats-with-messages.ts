/** With more chats than this the set is not kept: a new chat's first message then asks the store. */
const MAX_CHATS = 50_000;

/**
 * The ids of every chat that has messages, so that the first message of a new chat needs no
 * query to learn that its history is empty (one the embedded database takes 1-2 ms to answer).
 * Loaded on first use, by a caller already subscribed to the history announcements; grown by
 * the chats this replica stores exchanges in and by those other replicas announce; forgotten,
 * and loaded again on next use, when the subscription is lost, a Panic Reset wipes the chats, or
 * `maxAgeMs` has passed (a change no announcement told of: a direct SQL edit).
 */
export class ChatsWithMessages {
  private ids: Set<string> | null = null;
  private loadedAt = 0;
  /** Chats that gained messages while the list was being read: the read may have missed them. */
  private loading: { added: Set<string> } | null = null;
  /** Bumped by `forget`, so a list read before it is not kept. */
  private generation = 0;
  private tooMany = false;

  constructor(
    private readonly list: (limit: number) => Promise<string[]>,
    private readonly maxAgeMs: number,
  ) {}

  /** True only when `chatId` certainly has no message; false while the set is not known. */
  certainlyEmpty(chatId: string): boolean {
    if (this.ids && Date.now() - this.loadedAt >= this.maxAgeMs) this.forget();
    if (this.ids) return !this.ids.has(chatId);
    this.load();
    return false;
  }

  /** Chats that have just gained messages (stored here, or announced by another replica). */
  gained(chatIds: Iterable<string>): void {
    const into = this.ids ?? this.loading?.added;
    if (!into) return;
    for (const chatId of chatIds) into.add(chatId);
    if (this.ids && this.ids.size > MAX_CHATS) {
      this.ids = null;
      this.tooMany = true;
    }
  }

  forget(): void {
    this.generation += 1;
    this.ids = null;
    this.loading = null;
    this.tooMany = false;
  }

  private load(): void {
    if (this.loading || this.tooMany) return;
    const generation = this.generation;
    const added = new Set<string>();
    this.loading = { added };
    this.list(MAX_CHATS + 1).then(
      (ids) => {
        if (generation !== this.generation) return;
        this.loading = null;
        if (ids.length > MAX_CHATS) this.tooMany = true;
        else {
          this.ids = new Set([...ids, ...added]);
          this.loadedAt = Date.now();
        }
      },
      () => {
        // The store is away: the next use tries again, and reads ask the store meanwhile.
        if (generation === this.generation) this.loading = null;
      },
    );
  }
}
