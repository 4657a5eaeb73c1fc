/**
 * What memory recall costs a chat message: two runtimes in this process, one with an empty
 * memory and one holding N facts (bench/memory-corpus.ts: thousands of words, people and
 * places), are asked the same messages in turn over POST /chat/stream against a scripted model.
 * The figure is the time from sending the message to the model request arriving at the fake
 * (the part of the time to first chunk the runtime adds; the model's own part is the same for
 * both), p50 and p95, memory minus empty. Messages of two kinds: about something in memory (a
 * person and a thing of a stored fact) and about nothing in it (small talk, general questions).
 * The memory grows 1,000 -> 10,000 -> 100,000 items; both backends: embedded (PGlite and its
 * key-value tables) and PostgreSQL + Redis.
 *
 * `node --import tsx bench/memory-cost.bench.ts`; BENCH_MEMORY_SIZES (1000,10000,100000),
 * BENCH_ROUNDS (60 messages of each kind per size), BENCH_SQL (pglite or postgres; both when
 * PostgreSQL and Redis are reachable).
 */
import { sql } from 'kysely';
import { startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { postgresAvailable, redisAvailable } from '../packages/core/src/testing/services.ts';
import { type Client, createTestApp, type TestApp } from '../packages/core/src/testing/test-app.ts';
import { median, percentile, report, round } from './lib.ts';
import { corpus } from './memory-corpus.ts';

const SIZES = (process.env.BENCH_MEMORY_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const UNRELATED = [
  'Say hello',
  'How are you today?',
  'Write a haiku about rain.',
  'What is the capital of France?',
  'Thanks, that is all.',
  'Can you explain how a bicycle gear works?',
  'Good morning!',
  'Summarise the plot of Hamlet in two sentences.',
];

const model = await startFakeOpenAi();
let arrived = 0;
model.respond = () => {
  arrived = performance.now();
  return { text: 'Noted.' };
};
const facts = corpus();

async function seed(t: TestApp, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 2_000) {
    const end = Math.min(to, start + 2_000);
    const ids: string[] = [];
    const texts: string[] = [];
    for (let i = start; i < end; i++) {
      ids.push(`bench-${String(i).padStart(7, '0')}`);
      texts.push(facts.fact(i).text);
    }
    await sql`insert into memory_items (id, path, kind, text, status, confidence, source_kind,
        content_hash, created_by, created_at)
      select id, 'facts/bench', 'fact', text, 'active', 0.9, 'chat', md5(text), 'extractor',
        now() - make_interval(secs => n)
      from unnest(${ids}::text[], ${texts}::text[]) with ordinality as f(id, text, n)`.execute(
      t.sql.db,
    );
  }
  // The state the runtime keeps: written one by one, the term counts are vacuumed every 200
  // writes on PGlite (modules/memory/term-upkeep.ts) and by autovacuum on PostgreSQL; a bulk
  // insert leaves them as a burst of writes would, until then.
  // (A build without the term counts has no such table.)
  const terms = await sql<{
    t: string | null;
  }>`select to_regclass('memory_terms')::text as t`.execute(t.sql.db);
  if (terms.rows[0]?.t) await sql`vacuum analyze memory_terms`.execute(t.sql.db);
  await sql`analyze memory_items`.execute(t.sql.db);
  // The bulk insert went behind the runtime's back, as another replica's writes would: one
  // write through it tells its caches (the term counts, the recall snapshot) that memory
  // changed, as any write does, instead of leaving them up to 30 s on the smaller memory.
  await t.app.memory.create(
    {
      path: 'facts/bench',
      kind: 'fact',
      text: `The bench memory holds ${to} facts.`,
      status: 'active',
      confidence: 0.9,
      source_kind: 'chat',
      created_by: 'extractor',
    },
    { actor: 'extractor' },
  );
}

/** Milliseconds from sending the message to the model request arriving at the fake. */
async function beforeModel(client: Client, text: string, chat: string): Promise<number> {
  arrived = 0;
  const started = performance.now();
  const response = await client.inject({
    method: 'POST',
    url: '/chat/stream',
    payload: { text, chat_id: chat },
  });
  if (response.statusCode !== 200 || arrived === 0) throw new Error(response.body.slice(0, 300));
  return arrived - started;
}

async function measure(backend: 'pglite' | 'postgres'): Promise<void> {
  const env = {
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
    MEMORY_EXTRACTION: 'false',
    // No time budget: the figure is what recall costs, not what the budget lets through.
    MEMORY_RECALL_BUDGET_MS: '0',
  };
  const kv = backend === 'postgres' ? 'redis' : 'sql';
  const empty = await createTestApp({ sql: backend, kv, env });
  const full = await createTestApp({ sql: backend, kv, env });
  try {
    const clients = { empty: await empty.login(), full: await full.login() };
    let held = 0;
    const growth: Record<string, number | string> = {};
    for (const size of SIZES) {
      const seeding = performance.now();
      await seed(full, held, size);
      held = size;
      const seedSeconds = (performance.now() - seeding) / 1000;
      const times = {
        related: { empty: [] as number[], full: [] as number[] },
        unrelated: { empty: [] as number[], full: [] as number[] },
      };
      for (let round = -4; round < ROUNDS * 2; round++) {
        const related = round % 2 === 0;
        const fact = facts.fact(Math.abs(round * 7919) % size);
        const text = related
          ? `What do you remember about ${fact.person} and the ${fact.thing}?`
          : (UNRELATED[Math.abs(round) % UNRELATED.length] as string);
        // Each message opens a chat: the history is the same (empty) for both runtimes.
        const chat = `cost-${size}-${round}`;
        const a = await beforeModel(clients.empty, text, chat);
        const b = await beforeModel(clients.full, text, chat);
        if (round < 0) continue; // warm-up
        const kind = related ? times.related : times.unrelated;
        kind.empty.push(a);
        kind.full.push(b);
      }
      const diff = (list: { empty: number[]; full: number[] }, p: number) =>
        round(percentile(list.full, p) - percentile(list.empty, p));
      const figures = {
        items: size,
        'seed seconds': round(seedSeconds, 1),
        'about memory: empty p50 / p95 ms': `${round(median(times.related.empty))} / ${round(percentile(times.related.empty, 95))}`,
        'about memory: with memory p50 / p95 ms': `${round(median(times.related.full))} / ${round(percentile(times.related.full, 95))}`,
        'about memory: recall cost p50 ms': diff(times.related, 50),
        'about memory: recall cost p95 ms': diff(times.related, 95),
        'unrelated: recall cost p50 ms': diff(times.unrelated, 50),
        'unrelated: recall cost p95 ms': diff(times.unrelated, 95),
      };
      await report(`memory-cost-${backend}-${size}`, figures);
      growth[`recall cost p50 ms at ${size}`] = figures['about memory: recall cost p50 ms'];
      growth[`unrelated cost p50 ms at ${size}`] = figures['unrelated: recall cost p50 ms'];
    }
    await report(`memory-cost-${backend}-growth`, growth);
  } finally {
    await empty.close();
    await full.close();
  }
}

try {
  const only = process.env.BENCH_SQL as 'pglite' | 'postgres' | undefined;
  const services = (await postgresAvailable()) && (await redisAvailable());
  const backends = only ? [only] : services ? ['pglite', 'postgres'] : ['pglite'];
  for (const backend of backends as Array<'pglite' | 'postgres'>) await measure(backend);
} finally {
  await model.close();
}
