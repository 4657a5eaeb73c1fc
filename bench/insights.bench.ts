/**
 * The insight endpoints at 100 k traces (30 % of them ran skills), spread over 30 days: the
 * first (uncached) computation of each, and a cached read, against a page of the trace list in
 * the same process. Every figure is SQL aggregates over the created_at index; none loads traces.
 */
import { sql } from 'kysely';
import { createTestApp } from '../packages/core/src/testing/test-app.ts';
import { median, report, round } from './lib.ts';

const TRACES = Number(process.env.BENCH_TRACES ?? 100_000);
const SKILLS = ['web_search', 'fetch_url', 'notes', 'calculate', 'http_request', 'shell'];

const t = await createTestApp({
  sql: (process.env.BENCH_SQL as 'pglite' | 'postgres') ?? 'pglite',
});
try {
  const client = await t.login();
  const seedStart = performance.now();
  const skills = sql.raw(`array['${SKILLS.join("','")}']`);
  for (let start = 0; start < TRACES; start += 20_000) {
    const end = Math.min(TRACES, start + 20_000) - 1;
    await sql`insert into traces (request_id, chat_id, tier, status, created_at, latency_ms, model,
        tokens, cost_usd, guard_chain, steps, input, reply, error)
      select 'bench-' || lpad(g::text, 8, '0'), 'chat-' || (g % 50),
        case when g % 10 < 7 then 'fast_path' when g % 10 < 9 then 'llm_loop' else 'decision_layer' end,
        case when g % 23 = 0 then 'error' else 'ok' end,
        now() - make_interval(secs => (${TRACES} - g) * (30 * 86400.0 / ${TRACES})),
        (g * 37) % 9000,
        case when g % 10 between 7 and 8 then 'openai/gpt-4o-mini' end,
        jsonb_build_object('input', 900, 'output', 300, 'total', 1200),
        case when g % 10 between 7 and 8 then 0.000315 end, '[]'::jsonb,
        case when g % 10 < 7 then '[]'::jsonb else jsonb_build_array(
          jsonb_build_object('skill', (${skills})[1 + g % 6], 'status', 'done', 'duration_ms', g % 700,
            'level', 'MONITORED', 'error', null, 'target', 'https://site' || (g % 40) || '.example.com/'),
          jsonb_build_object('skill', (${skills})[1 + (g / 7) % 6], 'status',
            case when g % 13 = 0 then 'error' else 'done' end, 'duration_ms', g % 300,
            'level', 'MONITORED', 'error', case when g % 13 = 0 then 'failed ' || g end, 'target', null))
        end,
        'question number ' || (g % 5000), 'answer', null
      from generate_series(${start}::int, ${end}::int) g`.execute(t.sql.db);
  }
  await sql`analyze traces`.execute(t.sql.db);
  const seedMs = performance.now() - seedStart;

  const time = async (url: string) => {
    const started = performance.now();
    const response = await client.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const baseline: number[] = [];
  for (let i = 0; i < 20; i++) baseline.push(await time('/api/traces?limit=50'));
  const figures: Record<string, number | string> = {
    traces: TRACES,
    'seed seconds': round(seedMs / 1000, 1),
    'trace page (limit 50) median ms': round(median(baseline)),
  };
  for (const [name, url] of [
    ['metrics 7d', '/api/insights/metrics?since=7d'],
    ['metrics 30d', '/api/insights/metrics?since=30d'],
    ['skill evolution', '/api/insights/skill-evolution'],
    ['self-model', '/api/insights/self-model'],
    ['opportunities', '/api/opportunities'],
  ] as const) {
    const first = await time(url);
    const again = await time(url);
    figures[`${name} first ms`] = round(first);
    figures[`${name} second ms`] = round(again);
    figures[`${name} first / trace page`] = round(first / median(baseline), 1);
  }
  await report(`insights-${t.sql.backend}`, figures);
} finally {
  await t.close();
}
