import { request } from './client';
import type { TraceTier } from './traces';

export type Rate = number | null;
export interface Interval {
  low: number;
  high: number;
}

/** GET /api/insights/metrics */
export interface MetricsReport {
  since: string;
  until: string;
  totals: {
    requests: number;
    errors: number;
    error_rate: Rate;
    total_tokens: number;
    cost_usd: number | null;
  };
  latency: {
    /** Upper bounds of the buckets; the last bucket is everything above the last bound. */
    bounds_ms: number[];
    series: Array<{
      tier: TraceTier;
      model: string | null;
      requests: number;
      errors: number;
      error_rate: Rate;
      p50_ms: number;
      p95_ms: number;
      max_ms: number;
      buckets: number[];
    }>;
  };
  daily: Array<{
    day: string;
    tier: TraceTier;
    requests: number;
    errors: number;
    cancelled: number;
    error_rate: Rate;
  }>;
  usage: Array<{
    day: string;
    model: string;
    requests: number;
    input_tokens: number;
    output_tokens: number;
    total_tokens: number;
    cost_usd: number | null;
    unpriced_requests: number;
  }>;
}

/** GET /api/insights/skill-evolution */
export interface SkillEvolution {
  mined_since: string;
  mined_until: string;
  thresholds: {
    min_support: number;
    min_success_rate: number;
    min_confidence: number;
    longest: number;
  };
  candidates: Array<{
    sequence: string[];
    support: number;
    succeeded: number;
    success_rate: number;
    confidence: number;
    level: string | null;
    examples: string[];
  }>;
  weeks: string[];
  skills: Array<{
    skill: string;
    level: string | null;
    calls: number;
    weeks: Array<{
      week: string;
      calls: number;
      done: number;
      errors: number;
      denied: number;
      success_rate: Rate;
      p50_ms: number | null;
    }>;
  }>;
}

export type LimitKind = 'unavailable' | 'repeated_error' | 'mostly_failing' | 'mostly_denied';

/** GET /api/insights/self-model */
export interface SelfModel {
  computed_at: string;
  since: string;
  based_on: string;
  tiers: Array<{
    tier: TraceTier;
    requests: number;
    ok: number;
    errors: number;
    cancelled: number;
    success_rate: Rate;
    interval: Interval | null;
  }>;
  skills: Array<{
    skill: string;
    level: string | null;
    available: boolean;
    unavailable_reason: string | null;
    calls: number;
    done: number;
    errors: number;
    denied: number;
    success_rate: Rate;
    interval: Interval | null;
    p50_ms: number | null;
  }>;
  limits: Array<{
    kind: LimitKind;
    skill: string;
    detail: string;
    count: number;
    last_at: string | null;
    request_ids: string[];
  }>;
}

export const fetchMetrics = (since: string, signal?: AbortSignal) =>
  request<MetricsReport>('/api/insights/metrics', { query: { since }, signal });

export const fetchSkillEvolution = (weeks: number, signal?: AbortSignal) =>
  request<SkillEvolution>('/api/insights/skill-evolution', { query: { weeks }, signal });

export const fetchSelfModel = (signal?: AbortSignal) =>
  request<SelfModel>('/api/insights/self-model', { signal });
