/** Something that holds rows for some tables before they are stored (a write-behind buffer). */
export interface PendingSource {
  readonly pending: number;
  flush(): Promise<void>;
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

  /** Stores this process's pending rows for `table` first; free when there are none. */
  async settle(table: string): Promise<void> {
    for (const source of this.sources.get(table) ?? [])
      if (source.pending > 0) await source.flush();
  }
}
