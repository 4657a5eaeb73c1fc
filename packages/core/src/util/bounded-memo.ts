/**
 * The results of a pure function for its most recent distinct inputs, the oldest dropped first
 * once `max` are kept. For work that a hot path repeats on the same few inputs (a session's
 * signature checks, the system prompt's redaction).
 */
export class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string, compute: (key: string) => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (this.entries.size >= this.max)
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
