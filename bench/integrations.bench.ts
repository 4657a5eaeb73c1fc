/**
 * The integration registry's costs: (a) loading it at start (the connectors themselves load on
 * first use), (b) how much the request to the model for a plain chat message grows with every
 * connector present and 5 configured, and (c) its overhead per call: an action of the generic
 * HTTP connector through the whole pipeline (checks, settings, vault, breaker, call log)
 * against the same request fetched straight from the same local fake upstream, interleaved in
 * this process, so the ratio and the difference hold on a busy machine too.
 * BENCH_SQL=postgres and BENCH_KV=redis run it on the server stores instead of the embedded ones.
 */
// What the rest of the runtime loads anyway, and the TypeScript loader warmed up on a first file.
import 'zod';
import { median, percentile, report, round } from './lib.ts';

const loadStarted = performance.now();
const { ConnectorRegistry } = await import(
  '../packages/core/src/modules/integrations/connector-registry.ts'
);
const registry = new ConnectorRegistry();
const connectorCount = registry.ids().length;
const loadMs = performance.now() - loadStarted;
const allStarted = performance.now();
await registry.all();
const allMs = performance.now() - allStarted;

const { startFakeUpstream, uniqueCredential } = await import(
  '../packages/core/src/testing/fakes/fake-upstream.ts'
);
const { startFakeOpenAi } = await import('../packages/core/src/testing/fakes/index.ts');
const { createTestApp } = await import('../packages/core/src/testing/test-app.ts');

const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const SQL = process.env.BENCH_SQL === 'postgres' ? 'postgres' : 'pglite';
const KV = process.env.BENCH_KV === 'redis' ? 'redis' : 'sql';
const CONFIGURED = ['github', 'slack', 'linear', 'notion', 'todoist'];
const TOKEN = 'Bearer bench-token-5c1d9e7a3f';

const model = await startFakeOpenAi();
const fake = await startFakeUpstream({
  auth: { type: 'api_key', placements: [{ in: 'header', name: 'Authorization', field: 'a' }] },
  credentials: { a: TOKEN },
});
const t = await createTestApp({
  sql: SQL,
  kv: KV,
  env: {
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
  },
});
try {
  const client = await t.login();
  const put = async (url: string, payload: object) => {
    const response = await client.inject({ method: 'PUT', url, payload });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  };
  /** Bytes of the request the runtime sends the model for a one-line message. */
  const chatRequestBytes = async (chatId: string) => {
    model.queue({ text: 'Hello.' });
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'Say hello.', chat_id: chatId },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return Buffer.byteLength(JSON.stringify(model.requests.at(-1)?.body));
  };

  // (b) No connector configured, then 5.
  const before = await chatRequestBytes('bench-none');
  for (const id of CONFIGURED) {
    const definition = (await registry.get(id))?.definition;
    const values: Record<string, string> = {};
    for (const field of definition?.fields ?? [])
      if (field.secret && !field.optional) values[field.name] = uniqueCredential(field, id);
    await put(`/api/integrations/${id}/credentials`, { values });
  }
  const after = await chatRequestBytes('bench-five');

  // (c) The generic connector pointed at the fake upstream.
  await put('/api/integrations/http/base-url', { base_url: `${fake.url}/api/` });
  await put('/api/integrations/http/credentials', { values: { authorization: TOKEN } });
  const { pipeline } = t.app.integrations;
  const caller = { actor: 'bench', requestId: null, source: 'api' as const };
  const direct: number[] = [];
  const through: number[] = [];
  /** The checks before the gate (registry, settings, params, path), part of `through`. */
  const checks: number[] = [];
  for (let i = 0; i < CALLS + 50; i++) {
    const path = `v1/items/${i}`;
    let started = performance.now();
    const response = await fetch(`${fake.url}/api/${path}`, {
      headers: { authorization: TOKEN, accept: 'application/json' },
    });
    await response.text();
    const ownMs = performance.now() - started;
    started = performance.now();
    const prepared = await pipeline.prepare('http', 'get', { path });
    const checksMs = performance.now() - started;
    await pipeline.perform(prepared, { ...caller, signal: new AbortController().signal });
    const viaMs = performance.now() - started;
    // The first calls warm up the JIT, the connection pools and the caches.
    if (i >= 50) {
      direct.push(ownMs);
      through.push(viaMs);
      checks.push(checksMs);
    }
  }
  const overheads = through.map((value, index) => value - (direct[index] ?? 0));

  await report('integrations', {
    stores: `${SQL} + ${KV === 'sql' ? 'key-value in SQL' : 'redis'}`,
    connectors: connectorCount,
    'registry load at start, ms (target ≤ 50)': round(loadMs),
    'every connector loaded (first catalog), ms': round(allMs),
    configured: CONFIGURED.join(' '),
    'chat request to the model, none configured, B': before,
    'chat request to the model, 5 configured, B': after,
    'growth, B (target ≤ 2048)': after - before,
    calls: CALLS,
    'direct fetch p50 ms': round(median(direct), 3),
    'through the registry p50 ms': round(median(through), 3),
    'through / direct p50 ratio': round(median(through) / median(direct), 2),
    'overhead p50 ms (target ≤ 1)': round(median(overheads), 3),
    'overhead p90 ms': round(percentile(overheads, 90), 3),
    'of which checks before the gate p50 ms': round(median(checks), 3),
  });
} finally {
  await t.close();
  await fake.close();
  await model.close();
}
