import { ValidationError } from '../../errors/app-error.js';
import {
  LATENCY_BOUNDS_MS,
  type TimeWindow,
  type TraceAnalytics,
} from '../traces/trace-analytics.js';
import type { Tier } from '../traces/traces.schema.js';
import type { MetricsReport } from './metrics.schema.js';
import { rate } from './wilson.js';

/** The longest range one report covers. */
const MAX_RANGE_DAYS = 366;

/** Latency, errors, tokens and cost over a time range, computed from the stored traces. */
export class MetricsService {
  constructor(private readonly analytics: TraceAnalytics) {}

  async report(since: Date, until: Date = new Date()): Promise<MetricsReport> {
    const window = checkedWindow(since, until);
    const [summary, histogram, daily, usage] = await Promise.all([
      this.analytics.latencySummary(window),
      this.analytics.latencyHistogram(window),
      this.analytics.dailyOutcomes(window),
      this.analytics.dailyUsage(window),
    ]);
    const series = summary.map((row) => {
      const buckets = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
      for (const cell of histogram)
        if (cell.tier === row.tier && cell.model === row.model) buckets[cell.bucket] = cell.count;
      return {
        ...row,
        tier: row.tier as Tier,
        error_rate: rate(row.errors, row.requests),
        buckets,
      };
    });
    const requests = sum(series.map((row) => row.requests));
    const errors = sum(series.map((row) => row.errors));
    const costs = usage.map((row) => row.cost_usd).filter((cost): cost is number => cost !== null);
    return {
      since: window.since.toISOString(),
      until: window.until.toISOString(),
      totals: {
        requests,
        errors,
        error_rate: rate(errors, requests),
        total_tokens: sum(usage.map((row) => row.total_tokens)),
        cost_usd: costs.length > 0 ? sum(costs) : null,
      },
      latency: { bounds_ms: LATENCY_BOUNDS_MS, series },
      daily: daily.map((row) => ({
        ...row,
        tier: row.tier as Tier,
        error_rate: rate(row.errors, row.requests - row.cancelled),
      })),
      usage,
    };
  }
}

export function checkedWindow(since: Date, until: Date): TimeWindow {
  const problems: Array<{ path: string; message: string }> = [];
  if (since >= until) problems.push({ path: '/since', message: 'must be before until' });
  else if (until.getTime() - since.getTime() > MAX_RANGE_DAYS * 86_400_000)
    problems.push({ path: '/since', message: `the range may span at most ${MAX_RANGE_DAYS} days` });
  if (problems.length > 0) throw new ValidationError('Invalid time range', problems);
  return { since, until };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
