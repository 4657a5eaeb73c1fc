/**
 * Memory, two figures:
 * (a) extraction adds nothing to the chat reply's latency: POST /chat replies with extraction on
 *     and off, interleaved in one process against the fake model, medians and their ratio (the
 *     extraction calls themselves run after the reply, on the job queue);
 * (b) memory search at N items (default 100,000) on each SQL backend: p50 and p95 of GET
 *     /api/memory/search, lexical (full text + trigram) and hybrid (plus vectors: pgvector with
 *     its HNSW index on PGlite; a PostgreSQL without pgvector searches lexically only).
 *
 * `node --import tsx bench/memory.bench.ts [items]`; BENCH_MEMORY_ITEMS (100,000),
 * BENCH_ROUNDS (40 replies per setting), BENCH_QUERIES (60), BENCH_SQL (pglite or postgres;
 * both when PostgreSQL is reachable).
 */
import { sql } from 'kysely';
import {
  FAKE_EMBEDDING_DIMS,
  proposedFacts,
  startFakeOpenAi,
} from '../packages/core/src/testing/fakes/index.ts';
import { postgresAvailable } from '../packages/core/src/testing/services.ts';
import { createTestApp, type TestApp } from '../packages/core/src/testing/test-app.ts';
import { median, percentile, report, round } from './lib.ts';

const ITEMS = Number(process.argv[2] ?? process.env.BENCH_MEMORY_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 60);
const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
const WORDS = (
  'harbour ferry invoice garden sister brother lisbon porto braga kestrel gannet budget ' +
  'passport dentist meeting review laptop printer wifi router tea coffee bicycle train ' +
  'flight hotel museum library doctor school teacher physics guitar piano recipe bread ' +
  'cheese wine olive orange lemon roof bees shed key door window boat river bridge ' +
  'mountain beach market bank tax pension insurance contract lease plumber electrician ' +
  'birthday anniversary holiday'
).split(' ');

const model = await startFakeOpenAi();
const modelEnv = {
  OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
  OPENAI_BASE_URL: model.baseUrl,
  DEFAULT_MODEL: 'openai/gpt-4o-mini',
};
const extractionReply = JSON.stringify(
  proposedFacts(['The operator keeps bees on the roof.'], 'facts/home/bees'),
);
// Extraction asks for structured output; a chat turn does not. Both take the model some time.
model.respond = (request) =>
  request.body?.response_format
    ? { text: extractionReply, firstChunkDelayMs: 30 }
    : { text: 'Noted, thank you.', firstChunkDelayMs: 30 };

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 1_800_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * (a) Reply latency with extraction on and off: two apps in this process (the extractor reads
 * the setting when its job runs, so one app cannot switch between rounds), asked in turn.
 */
async function extractionLatency(): Promise<void> {
  const apps = {
    on: await createTestApp({ sql: 'pglite', env: { ...modelEnv, MEMORY_EXTRACTION: 'true' } }),
    off: await createTestApp({ sql: 'pglite', env: { ...modelEnv, MEMORY_EXTRACTION: 'false' } }),
  };
  try {
    const clients = { on: await apps.on.login(), off: await apps.off.login() };
    const latency: Record<'on' | 'off', number[]> = { on: [], off: [] };
    for (let i = 0; i < ROUNDS * 2 + 4; i++) {
      const setting = i % 2 === 0 ? 'on' : 'off';
      const started = performance.now();
      const response = await clients[setting].inject({
        method: 'POST',
        url: '/chat',
        payload: { text: `My neighbour number ${i} keeps bees on the roof.`, chat_id: `b-${i}` },
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(response.body.slice(0, 300));
      if (i >= 4) latency[setting].push(elapsed); // the first rounds warm up
    }
    const counts = async () => (await apps.on.app.memory.status()).extraction.observations;
    await waitUntil(async () => {
      const now = await counts();
      return now.pending + now.running === 0;
    }, 'extraction to finish');
    const extracted = await counts();
    const skipped = (await apps.off.app.memory.status()).extraction.observations.skipped;
    await report('memory-extraction-latency', {
      rounds: ROUNDS,
      'reply median ms, extraction on': round(median(latency.on)),
      'reply median ms, extraction off': round(median(latency.off)),
      'reply p95 ms, extraction on': round(percentile(latency.on, 95)),
      'reply p95 ms, extraction off': round(percentile(latency.off, 95)),
      'median on / off': round(median(latency.on) / median(latency.off), 3),
      'extraction calls made': model.requests.filter((r) => r.body?.response_format).length,
      'observations extracted (on)': extracted.done,
      'observations failed (on)': extracted.failed,
      'observations not extracted (off)': skipped,
    });
  } finally {
    await apps.on.close();
    await apps.off.close();
  }
}

/** Items with words from WORDS, 5 % retracted, each with a vector of the embedding model. */
async function seed(t: TestApp): Promise<void> {
  const pgvector = t.app.memory.deps.capabilities.vector === 'pgvector';
  const words = sql`${sql.raw(`array['${WORDS.join("','")}']`)}`;
  const n = WORDS.length;
  const components = sql`array(select (random() - 0.5)::real
    from generate_series(1, ${FAKE_EMBEDDING_DIMS}) where g >= 0)`;
  const embedding = pgvector
    ? sql`('[' || array_to_string(${components}, ',') || ']')::vector`
    : components;
  for (let start = 0; start < ITEMS; start += 20_000) {
    const end = Math.min(ITEMS, start + 20_000) - 1;
    await sql`insert into memory_items (id, path, kind, text, status, confidence, source_kind,
        request_id, content_hash, created_by, created_at, embedding, embedding_model)
      select 'bench-' || lpad(g::text, 8, '0'), 'facts/bench/' || (g % 200), 'fact',
        'The ' || (${words})[1 + g % ${n}] || ' of the ' || (${words})[1 + (g / ${n}) % ${n}]
          || ' is next to the ' || (${words})[1 + (g / 7) % ${n}] || ', note ' || g || '.',
        case when g % 20 = 0 then 'retracted' else 'active' end, 0.9, 'chat',
        'bench-request', md5(g::text), 'extractor',
        now() - make_interval(secs => g), ${embedding}, ${EMBEDDING_MODEL}
      from generate_series(${start}::int, ${end}::int) g`.execute(t.sql.db);
  }
  // The runtime vacuums the term counts every 200 writes; a bulk insert leaves them bloated.
  await sql`vacuum analyze memory_terms`.execute(t.sql.db);
  await sql`analyze memory_items`.execute(t.sql.db);
}

/** (b) Search latency at ITEMS items on one backend. */
async function searchLatency(backend: 'pglite' | 'postgres'): Promise<void> {
  const t = await createTestApp({ sql: backend, env: { ...modelEnv, MEMORY_EXTRACTION: 'false' } });
  try {
    const client = await t.login();
    const seedStarted = performance.now();
    await seed(t);
    const seedMs = performance.now() - seedStarted;
    // Naming the model starts the backfill: nothing to embed, then the HNSW index on pgvector.
    const indexStarted = performance.now();
    await t.app.memorySettings.update({ embedding_model: EMBEDDING_MODEL }, 'bench');
    const pgvector = t.app.memory.deps.capabilities.vector === 'pgvector';
    await waitUntil(async () => {
      if ((await t.app.memory.status()).embedding.state !== 'done') return false;
      if (!pgvector) return true;
      const index = await sql<{ n: number }>`select count(*)::int as n from pg_indexes
        where tablename = 'memory_items' and indexdef like '%hnsw%'`.execute(t.sql.db);
      return (index.rows[0]?.n ?? 0) > 0;
    }, 'the embedding backfill and its vector index');
    const indexMs = performance.now() - indexStarted;

    const queries = Array.from({ length: QUERIES + 5 }, (_, i) => {
      const a = WORDS[(i * 7) % WORDS.length];
      const b = WORDS[(i * 13 + 5) % WORDS.length];
      return `where is the ${a} of the ${b}`;
    });
    const time = async (q: string, mode: 'lexical' | 'auto') => {
      const started = performance.now();
      const response = await client.inject({
        method: 'GET',
        url: `/api/memory/search?scope=items&mode=${mode}&q=${encodeURIComponent(q)}`,
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(response.body.slice(0, 300));
      const body = response.json() as { mode: string; hits: unknown[] };
      if (mode === 'auto' && pgvector && body.mode !== 'hybrid')
        throw new Error('search was not hybrid');
      return { elapsed, hits: body.hits.length };
    };
    const lexical: number[] = [];
    const hybrid: number[] = [];
    let hits = 0;
    for (const [i, q] of queries.entries()) {
      const a = await time(q, 'lexical');
      const b = await time(q, 'auto');
      if (i < 5) continue; // warm-up
      lexical.push(a.elapsed);
      hybrid.push(b.elapsed);
      hits += b.hits;
    }
    const status = await t.app.memory.status();
    await report(`memory-search-${backend}`, {
      items: ITEMS,
      queries: QUERIES,
      'vector backend': status.search.vector_backend,
      trigram: status.search.trigram,
      'seed seconds': round(seedMs / 1000, 1),
      'backfill check and vector index seconds': round(indexMs / 1000, 1),
      'lexical p50 ms': round(median(lexical)),
      'lexical p95 ms': round(percentile(lexical, 95)),
      'hybrid p50 ms': round(median(hybrid)),
      'hybrid p95 ms': round(percentile(hybrid, 95)),
      'mean hits per hybrid query': round(hits / QUERIES, 1),
    });
  } finally {
    await t.close();
  }
}

try {
  await extractionLatency();
  const only = process.env.BENCH_SQL as 'pglite' | 'postgres' | undefined;
  const backends = only
    ? [only]
    : (await postgresAvailable())
      ? ['pglite', 'postgres']
      : ['pglite'];
  for (const backend of backends as Array<'pglite' | 'postgres'>) await searchLatency(backend);
} finally {
  await model.close();
}
