import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { NewTrace } from './traces.repository.js';
import type { Trace } from './traces.schema.js';

const trace = (n: number, overrides: Partial<NewTrace> = {}): NewTrace => ({
  request_id: `req-${String(n).padStart(5, '0')}`,
  chat_id: n % 2 ? 'odd-chat' : 'even-chat',
  tier: (['fast_path', 'decision_layer', 'llm_loop'] as const)[n % 3] ?? 'fast_path',
  status: 'ok',
  latency_ms: n,
  model: null,
  tokens: { input: n, output: 1, total: n + 1 },
  cost_usd: null,
  guard_chain: [{ guard: 'input_guard', verdict: 'pass', detail: 'no injection signals' }],
  steps: [],
  input: `question ${n}`,
  reply: `answer ${n}`,
  error: null,
  ...overrides,
});

type Page = { traces: Trace[]; next_cursor: string | null };

describe.each(await sqlTestBackends())('traces API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
    for (let i = 0; i < 300; i++) await t.app.traces.insert(trace(i));
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await client.inject({ method: 'GET', url: `/api/traces?${query}` });
    return { status: response.statusCode, body: response.json() as Page };
  };

  it('pages newest first while traces are written, without repeats or gaps', async () => {
    let writing = true;
    let extra = 1000;
    const writer = (async () => {
      while (writing) await t.app.traces.insert(trace(extra++, { chat_id: 'other' }));
    })();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: '23', tier: 'llm_loop' });
      if (cursor) query.set('cursor', cursor);
      const { status, body } = await list(query.toString());
      expect(status).toBe(200);
      seen.push(...body.traces.map((item) => item.request_id));
      cursor = body.next_cursor;
    } while (cursor);
    writing = false;
    await writer;
    const expected = Array.from({ length: 300 }, (_, i) => i)
      .filter((i) => i % 3 === 2)
      .map((i) => trace(i).request_id);
    // Everything written before paging started is there once; rows written meanwhile are newer.
    expect(seen.filter((id) => expected.includes(id)).sort()).toEqual(expected.sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by chat_id and tier together', async () => {
    const { body } = await list('chat_id=odd-chat&tier=fast_path&limit=500');
    expect(body.traces.length).toBe(50);
    expect(
      body.traces.every((item) => item.chat_id === 'odd-chat' && item.tier === 'fast_path'),
    ).toBe(true);
  });

  it('filters by time with since and until', async () => {
    const before = (await list('limit=1')).body.traces[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const marker = new Date().toISOString();
    await t.app.traces.insert(trace(5000, { chat_id: 'late' }));
    const since = await list(`since=${marker}&limit=500`);
    expect(since.body.traces.map((item) => item.request_id)).toContain('req-05000');
    expect(since.body.traces.map((item) => item.request_id)).not.toContain(before?.request_id);
    const until = await list(`until=${marker}&chat_id=late`);
    expect(until.body.traces).toEqual([]);
  });

  it('returns one trace by request_id with its guard chain, and 404 for an unknown one', async () => {
    const one = await client.inject({ method: 'GET', url: '/api/traces/req-00007' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      request_id: 'req-00007',
      chat_id: 'odd-chat',
      tier: 'decision_layer',
      tokens: { input: 7, output: 1, total: 8 },
      guard_chain: [{ guard: 'input_guard', verdict: 'pass' }],
    });
    expect(one.json().created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const missing = await client.inject({ method: 'GET', url: '/api/traces/nope-nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
  });

  it('rejects a bad tier, cursor or time with validation_error', async () => {
    for (const query of ['tier=slow', 'cursor=garbage', 'since=yesterday', 'limit=0']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect((body as unknown as { error: string }).error).toBe('validation_error');
    }
  });

  it('caps limit at 500', async () => {
    for (let i = 0; i < 250; i++) await t.app.traces.insert(trace(20_000 + i));
    const { body } = await list('limit=100000');
    expect(body.traces.length).toBe(500);
  });
});
