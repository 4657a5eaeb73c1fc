import { sql } from 'kysely';
import type { TestApp } from '../../testing/test-app.js';
import type { NewTrace } from '../traces/traces.repository.js';
import type { TraceStep } from '../traces/traces.schema.js';

/** A seeded trace: when it happened and whatever differs from an ok fast-path answer. */
export type Seed = Partial<NewTrace> & { request_id: string; at: Date };

export const DAY_MS = 86_400_000;

/** Midnight UTC `days` days ago, plus `minutes`. */
export function daysAgo(days: number, minutes = 0): Date {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - days * DAY_MS + minutes * 60_000);
}

export const step = (skill: string, overrides: Partial<TraceStep> = {}): TraceStep => ({
  skill,
  status: 'done',
  duration_ms: 100,
  level: 'MONITORED',
  error: null,
  ...overrides,
});

/**
 * Stores traces through the traces module, waits until each can be read back (trace writes
 * may be buffered), then moves each to its seeded time.
 */
export async function seedTraces(t: TestApp, seeds: Seed[]): Promise<void> {
  for (const seed of seeds) {
    const { at, ...fields } = seed;
    await t.app.traces.insert({
      chat_id: 'operator-chat',
      tier: 'fast_path',
      status: 'ok',
      latency_ms: 10,
      model: null,
      tokens: { input: 0, output: 0, total: 0 },
      cost_usd: null,
      guard_chain: [],
      steps: [],
      input: `seeded ${seed.request_id}`,
      reply: 'ok',
      error: null,
      ...fields,
    });
  }
  for (const seed of seeds) {
    for (let tries = 0; !(await t.app.traces.get(seed.request_id)); tries++) {
      if (tries > 200) throw new Error(`trace ${seed.request_id} was never stored`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await sql`update traces set created_at = ${seed.at.toISOString()}::timestamptz
      where request_id = ${seed.request_id}`.execute(t.sql.db);
  }
}
