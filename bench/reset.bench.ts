/**
 * Panic Reset at 1,000,000 cognitive rows (spread over the 17 tables, with every surviving table,
 * key pattern and queue seeded too), through POST /api/reset as the dashboard calls it: the
 * time to `done` and the time of each of the six steps as the stream reports them.
 * Target: the whole reset in 10 s or less. Embedded (PGlite) and, when it is reachable,
 * PostgreSQL + Redis; `BENCH_SQL=pglite|postgres` runs one. Rows: `BENCH_RESET_ROWS` or the
 * first argument (1,000,000).
 */
import {
  cognitiveRowCounts,
  RESET_STEPS,
} from '../packages/core/src/modules/reset/reset-engine.ts';
import { COGNITIVE_TABLES } from '../packages/core/src/modules/reset/reset-scope.ts';
import { seedResetWorld } from '../packages/core/src/testing/reset-world.ts';
import {
  postgresAvailable,
  redisAvailable,
  type SqlTestBackend,
} from '../packages/core/src/testing/services.ts';
import { createTestApp } from '../packages/core/src/testing/test-app.ts';
import { report, round } from './lib.ts';

const ROWS = Number(process.argv[2] ?? process.env.BENCH_RESET_ROWS ?? 1_000_000);
const TARGET_MS = 10_000;

async function bench(backend: SqlTestBackend): Promise<void> {
  const kv = backend === 'postgres' && (await redisAvailable()) ? 'redis' : 'sql';
  const t = await createTestApp({ sql: backend, kv });
  try {
    const client = await t.login();
    const perTable = Math.ceil(ROWS / COGNITIVE_TABLES.length);
    const seedStart = performance.now();
    await seedResetWorld(t.sql, t.kv, t.sql.dataDir, perTable);
    const seeded = Object.values(await cognitiveRowCounts(t.sql.db)).reduce((a, b) => a + b, 0);
    const seedMs = performance.now() - seedStart;

    const started = performance.now();
    const response = await client.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { confirm: 'RESET AGENT' },
    });
    const totalMs = performance.now() - started;
    const frames = response.payload
      .split('\n\n')
      .filter((frame) => frame.startsWith('event:'))
      .map((frame) => ({
        event: /^event: (.*)$/m.exec(frame)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null'),
      }));
    const done = frames.at(-1);
    if (done?.event !== 'done' || done.data.ok !== true)
      throw new Error(`reset failed: ${response.payload.slice(-500)}`);
    const left = Object.values(await cognitiveRowCounts(t.sql.db)).reduce((a, b) => a + b, 0);
    if (left !== 0) throw new Error(`${left} cognitive rows left after the reset`);
    const steps: Record<string, number> = {};
    for (const frame of frames)
      if (frame.event === 'step' && frame.data.status === 'done')
        steps[`step ${frame.data.step} ${frame.data.name} ms`] = frame.data.duration_ms;
    if (Object.keys(steps).length !== RESET_STEPS.length) throw new Error('a step is missing');

    await report(`reset-${t.sql.backend}${kv === 'redis' ? '-redis' : ''}`, {
      'cognitive rows': seeded,
      'seed seconds': round(seedMs / 1000, 1),
      ...steps,
      'whole reset ms (request to done)': round(totalMs),
      [`target (<= ${TARGET_MS / 1000} s)`]: totalMs <= TARGET_MS ? 'met' : 'missed',
    });
  } finally {
    await t.close();
  }
}

const only = process.env.BENCH_SQL as SqlTestBackend | undefined;
const backends: SqlTestBackend[] = only
  ? [only]
  : (await postgresAvailable())
    ? ['pglite', 'postgres']
    : ['pglite'];
for (const backend of backends) await bench(backend);
