import { getHeapStatistics } from 'node:v8';

const WINDOW_MS = 5 * 60_000;
const BUCKET_MS = 10_000;
/** Below this many responses in the window, errors are weighed against this count instead. */
const MIN_SAMPLE = 20;

/**
 * Live pressure signals of this process: work in flight (counters that modules register) and
 * the recent share of failed responses, kept in 10-second buckets over five minutes.
 */
export class PressureMonitor {
  private readonly buckets = new Map<number, { total: number; failed: number }>();
  private readonly activeSources = new Map<string, () => number>();
  private httpInFlight = 0;

  constructor() {
    this.activeSources.set('http', () => this.httpInFlight);
  }

  /** Adds a source of running work (tasks, streams) to the activeWork signal. */
  registerActiveWork(name: string, count: () => number): void {
    this.activeSources.set(name, count);
  }

  requestStarted(): void {
    this.httpInFlight += 1;
  }

  requestFinished(failed: boolean): void {
    this.httpInFlight = Math.max(0, this.httpInFlight - 1);
    const bucket = Math.floor(Date.now() / BUCKET_MS);
    const entry = this.buckets.get(bucket) ?? { total: 0, failed: 0 };
    entry.total += 1;
    if (failed) entry.failed += 1;
    this.buckets.set(bucket, entry);
    if (this.buckets.size > WINDOW_MS / BUCKET_MS + 2) this.prune();
  }

  activeWork(): Record<string, number> {
    return Object.fromEntries([...this.activeSources].map(([name, count]) => [name, count()]));
  }

  errorRate(): number {
    this.prune();
    let total = 0;
    let failed = 0;
    for (const entry of this.buckets.values()) {
      total += entry.total;
      failed += entry.failed;
    }
    return failed / Math.max(total, MIN_SAMPLE);
  }

  memoryRatio(): number {
    const heap = getHeapStatistics();
    return heap.used_heap_size / heap.heap_size_limit;
  }

  private prune(): void {
    const oldest = Math.floor((Date.now() - WINDOW_MS) / BUCKET_MS);
    for (const bucket of this.buckets.keys()) if (bucket < oldest) this.buckets.delete(bucket);
  }
}
