/** Something that holds rows for some tables before they are stored (a write-behind buffer). */
export interface PendingSource {
  readonly pending: number;
  flush(): Promise<void>;
  /** Whether a pending row belongs to `scope` (a chat); without it, every read waits. */
  holdsFor?(scope: string): boolean;
}

/**
 * Where repositories that read a write-behind table wait for the rows this process has already
 * answered for, so a read that follows a write sees it (as audit reads flush the audit buffer).
 */
export class PendingWrites {
  private readonly sources = new Map<string, PendingSource[]>();

  register(tables: readonly string[], source: PendingSource): void {
    for (const table of tables)
      this.sources.set(table, [...(this.sources.get(table) ?? []), source]);
  }

  /**
   * Stores this process's pending rows for `table` first; free when there are none. With a
   * `scope`, only when a pending row belongs to it: a chat's history waits for that chat's last
   * exchange, not for every other chat's.
   */
  async settle(table: string, scope?: string): Promise<void> {
    for (const source of this.sources.get(table) ?? []) {
      if (source.pending === 0) continue;
      if (scope !== undefined && source.holdsFor && !source.holdsFor(scope)) continue;
      await source.flush();
    }
  }
}
