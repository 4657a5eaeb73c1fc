import { getHeapStatistics } from 'node:v8';
import { type ActiveWork, activeWorkSchema, type WorkKind } from './health.schema.js';
import { WorkGauge } from './work-gauge.js';

const WINDOW_MS = 5 * 60_000;
const BUCKET_MS = 10_000;
/** Below this many responses in the window, errors are weighed against this count instead. */
const MIN_SAMPLE = 20;

/**
 * Live pressure signals of this process: work in flight (one gauge per kind, which the modules
 * doing that work hold leases on) and the recent share of failed responses to the operator,
 * kept in 10-second buckets over five minutes.
 */
export class PressureMonitor {
  private readonly buckets = new Map<number, { total: number; failed: number }>();
  private readonly gauges = new Map<WorkKind, WorkGauge>(
    activeWorkSchema.keyof().options.map((kind) => [kind, new WorkGauge()]),
  );

  /** The gauge a module counts its work of this kind on. */
  work(kind: WorkKind): WorkGauge {
    return this.gauges.get(kind) as WorkGauge;
  }

  /** A response that reached its client whole; `failed` when it was a 5xx. */
  responseSent(failed: boolean): void {
    const bucket = Math.floor(Date.now() / BUCKET_MS);
    const entry = this.buckets.get(bucket) ?? { total: 0, failed: 0 };
    entry.total += 1;
    if (failed) entry.failed += 1;
    this.buckets.set(bucket, entry);
    if (this.buckets.size > WINDOW_MS / BUCKET_MS + 2) this.prune();
  }

  activeWork(): ActiveWork {
    return Object.fromEntries(
      [...this.gauges].map(([kind, gauge]) => [kind, gauge.count]),
    ) as ActiveWork;
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
