import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { daysAgo, type Seed, seedTraces, step } from './insights-testing.js';
import type { MetricsReport } from './metrics.schema.js';
import type { SelfModel } from './self-model.schema.js';
import type { SkillEvolution } from './skill-evolution.schema.js';
import { weekStarts } from './skill-evolution.service.js';

const usage = { input: 1000, output: 500, total: 1500 };
const llm = (id: string, at: Date, latency: number, overrides: Partial<Seed> = {}): Seed => ({
  request_id: id,
  at,
  tier: 'llm_loop',
  latency_ms: latency,
  model: 'openai/gpt-4o-mini',
  tokens: usage,
  // gpt-4o-mini: 1000 * 0.15 / 1e6 + 500 * 0.6 / 1e6
  cost_usd: 0.00045,
  ...overrides,
});

// Metrics: seven requests on one day 40 days ago, read with a window around that day only.
const metricsDay = daysAgo(40);
const metricSeeds: Seed[] = [
  llm('m-1', daysAgo(40, 60), 40),
  llm('m-2', daysAgo(40, 61), 120),
  llm('m-3', daysAgo(40, 62), 120, { status: 'error', error: 'model failed' }),
  llm('m-4', daysAgo(40, 63), 3000),
  { request_id: 'm-5', at: daysAgo(40, 64), latency_ms: 5 },
  { request_id: 'm-6', at: daysAgo(40, 65), latency_ms: 70 },
  llm('m-7', daysAgo(40, 66), 800, {
    model: 'ollama/llama3',
    tokens: { input: 200, output: 100, total: 300 },
    cost_usd: null,
  }),
];

// Skill evolution: web_search -> fetch_url -> notes three times, web_search -> calculate once.
const chain = [step('web_search'), step('fetch_url'), step('notes', { level: 'CONTROLLED' })];
const evolutionSeeds: Seed[] = [
  { request_id: 'e-1', at: daysAgo(8, 600), tier: 'llm_loop', steps: chain },
  { request_id: 'e-2', at: daysAgo(8, 660), tier: 'llm_loop', steps: chain },
  { request_id: 'e-3', at: daysAgo(1, 600), tier: 'llm_loop', steps: chain },
  {
    request_id: 'e-4',
    at: daysAgo(1, 660),
    tier: 'llm_loop',
    steps: [step('web_search', { duration_ms: 300 }), step('calculate', { level: 'SAFE' })],
  },
];

// Self-model: http_request 7 done + 3 failing the same way; shell always denied; python_exec
// always failing, each time differently; one llm_loop request failed.
const selfSeeds: Seed[] = [
  ...Array.from({ length: 10 }, (_, i) => ({
    request_id: `s-http-${i}`,
    at: daysAgo(2, i),
    tier: 'decision_layer' as const,
    status: (i === 0 ? 'error' : 'ok') as 'ok' | 'error',
    steps: [
      i < 7
        ? step('http_request')
        : step('http_request', { status: 'error', error: `upstream answered ${500 + i}` }),
    ],
  })),
  ...Array.from({ length: 5 }, (_, i) => ({
    request_id: `s-shell-${i}`,
    at: daysAgo(3, i),
    tier: 'llm_loop' as const,
    steps: [step('shell', { status: 'denied', level: 'RESTRICTED', error: 'denied by admin' })],
  })),
  ...Array.from({ length: 5 }, (_, i) => ({
    request_id: `s-python-${i}`,
    at: daysAgo(4, i),
    tier: 'llm_loop' as const,
    steps: [
      step('python_exec', {
        status: 'error',
        level: 'RESTRICTED',
        error: ['syntax', 'name', 'type', 'value', 'key'][i] ?? 'other',
      }),
    ],
  })),
];

describe.each(await sqlTestBackends())('insights from seeded traces (%s)', (backend) => {
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
    await seedTraces(t, [...metricSeeds, ...evolutionSeeds, ...selfSeeds]);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await client.inject({ url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('lists its endpoints in the OpenAPI document', async () => {
    const doc = await get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    for (const [path, method] of [
      ['/api/insights/metrics', 'get'],
      ['/api/insights/skill-evolution', 'get'],
      ['/api/insights/self-model', 'get'],
      ['/api/opportunities', 'get'],
      ['/api/opportunities/{opportunity_id}', 'get'],
      ['/api/opportunities/{opportunity_id}/accept', 'post'],
      ['/api/opportunities/{opportunity_id}/dismiss', 'post'],
      ['/api/opportunities/{opportunity_id}/snooze', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('computes latency histograms, error rates, tokens and cost from the traces of a range', async () => {
    const since = metricsDay.toISOString();
    const until = daysAgo(39).toISOString();
    const report = await get<MetricsReport>(`/api/insights/metrics?since=${since}&until=${until}`);
    expect(report.totals).toEqual({
      requests: 7,
      errors: 1,
      error_rate: 0.1429,
      total_tokens: 6300,
      cost_usd: expect.closeTo(0.0018, 10),
    });
    expect(report.latency.bounds_ms).toEqual([
      50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000,
    ]);
    const series = (tier: string, model: string | null) =>
      report.latency.series.find((row) => row.tier === tier && row.model === model);
    // 40 ms below 50; two of 120 in [100, 250); 3000 in [2500, 5000).
    expect(series('llm_loop', 'openai/gpt-4o-mini')).toEqual({
      tier: 'llm_loop',
      model: 'openai/gpt-4o-mini',
      requests: 4,
      errors: 1,
      error_rate: 0.25,
      p50_ms: 120,
      p95_ms: 2568,
      max_ms: 3000,
      buckets: [1, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0],
    });
    expect(series('fast_path', null)?.buckets).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const day = metricsDay.toISOString().slice(0, 10);
    expect(report.daily).toEqual([
      { day, tier: 'fast_path', requests: 2, errors: 0, cancelled: 0, error_rate: 0 },
      { day, tier: 'llm_loop', requests: 5, errors: 1, cancelled: 0, error_rate: 0.2 },
    ]);
    expect(report.usage).toEqual([
      {
        day,
        model: 'ollama/llama3',
        requests: 1,
        input_tokens: 200,
        output_tokens: 100,
        total_tokens: 300,
        cost_usd: null,
        unpriced_requests: 1,
      },
      {
        day,
        model: 'openai/gpt-4o-mini',
        requests: 4,
        input_tokens: 4000,
        output_tokens: 2000,
        total_tokens: 6000,
        cost_usd: expect.closeTo(0.0018, 10),
        unpriced_requests: 0,
      },
    ]);
  });

  it('reports an empty range as zeros, and refuses a backwards one', async () => {
    const empty = await get<MetricsReport>(
      `/api/insights/metrics?since=${daysAgo(100).toISOString()}&until=${daysAgo(99).toISOString()}`,
    );
    expect(empty.totals).toEqual({
      requests: 0,
      errors: 0,
      error_rate: null,
      total_tokens: 0,
      cost_usd: null,
    });
    expect(empty.latency.series).toEqual([]);
    const backwards = await client.inject({
      url: `/api/insights/metrics?since=1h&until=${daysAgo(3).toISOString()}`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/since' }],
    });
    const garbage = await client.inject({ url: '/api/insights/metrics?since=yesterday' });
    expect(garbage.statusCode).toBe(400);
  });

  it('mines one composite candidate from three identical chains', async () => {
    const report = await get<SkillEvolution>('/api/insights/skill-evolution?weeks=4');
    // [fetch_url, notes] has the same support and is inside the longer chain, so it is dropped;
    // [web_search, fetch_url] follows web_search in 3 of 4 requests (0.75 < 0.8).
    expect(report.candidates).toEqual([
      {
        sequence: ['web_search', 'fetch_url', 'notes'],
        support: 3,
        succeeded: 3,
        success_rate: 1,
        confidence: 1,
        level: 'CONTROLLED',
        examples: expect.arrayContaining(['e-1']),
      },
    ]);
    expect(report.weeks).toEqual(weekStarts(new Date(), 4));
    const webSearch = report.skills.find((row) => row.skill === 'web_search');
    const weekOf = (date: Date) => weekStarts(date, 1)[0];
    const earlier = webSearch?.weeks.find((week) => week.week === weekOf(daysAgo(8)));
    const later = webSearch?.weeks.find((week) => week.week === weekOf(daysAgo(1)));
    expect(earlier).toMatchObject({ calls: 2, done: 2, errors: 0, success_rate: 1, p50_ms: 100 });
    // 100 ms and 300 ms: the median of two is their mean.
    expect(later).toMatchObject({ calls: 2, done: 2, success_rate: 1, p50_ms: 200 });
    expect(webSearch?.calls).toBe(4);
  });

  it('models per-skill and per-tier reliability with Wilson intervals and known limits', async () => {
    const model = await get<SelfModel>('/api/insights/self-model');
    const skill = (name: string) => model.skills.find((row) => row.skill === name);
    // 7 of 10: the Wilson 95 % interval is [0.3968, 0.8922].
    expect(skill('http_request')).toMatchObject({
      calls: 10,
      done: 7,
      errors: 3,
      success_rate: 0.7,
      interval: { low: 0.3968, high: 0.8922 },
    });
    expect(skill('shell')).toMatchObject({
      calls: 5,
      denied: 5,
      success_rate: null,
      interval: null,
    });
    expect(skill('mail')).toMatchObject({ calls: 0, interval: null });
    // decision_layer: 9 ok, 1 error -> [0.5958, 0.9821].
    expect(model.tiers.find((row) => row.tier === 'decision_layer')).toEqual({
      tier: 'decision_layer',
      requests: 10,
      ok: 9,
      errors: 1,
      cancelled: 0,
      success_rate: 0.9,
      interval: { low: 0.5958, high: 0.9821 },
    });
    const limits = model.limits.filter((limit) => limit.kind !== 'unavailable');
    expect(limits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'repeated_error',
          skill: 'http_request',
          detail: 'upstream answered #',
          count: 3,
          request_ids: ['s-http-9', 's-http-8', 's-http-7'],
        }),
        expect.objectContaining({
          kind: 'mostly_denied',
          skill: 'shell',
          detail: 'denied in 5 of 5 calls',
        }),
        expect.objectContaining({
          kind: 'mostly_failing',
          skill: 'python_exec',
          detail: 'failed in 5 of 5 calls',
        }),
      ]),
    );
    expect(limits).toHaveLength(3);
    // Unavailable skills are the registry's own verdicts.
    const views = (
      await get<{ skills: Array<{ name: string; available: boolean }> }>('/api/skills')
    ).skills;
    expect(
      model.limits.filter((limit) => limit.kind === 'unavailable').map((l) => l.skill),
    ).toEqual(views.filter((view) => !view.available).map((view) => view.name));
  });

  it('stores the self-model and recomputes it when a newer trace arrives', async () => {
    const first = await get<SelfModel>('/api/insights/self-model');
    const again = await get<SelfModel>('/api/insights/self-model');
    expect(again.computed_at).toBe(first.computed_at);
    await seedTraces(t, [
      { request_id: 's-new', at: new Date(), tier: 'llm_loop', steps: [step('http_request')] },
    ]);
    const after = await get<SelfModel>('/api/insights/self-model');
    expect(after.based_on).toContain('s-new');
    expect(after.skills.find((row) => row.skill === 'http_request')?.done).toBe(8);
  });
});
