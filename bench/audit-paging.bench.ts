/**
 * Audit page cost at 1 M rows through the HTTP API: page 10,000 (a keyset cursor 500,000 rows
 * deep at limit 50) against page 1, in the same process. Target: no slower than 1.2x page 1.
 */
import { sql } from 'kysely';
import { createTestApp } from '../packages/core/src/testing/test-app.ts';
import { median, percentile, report, round } from './lib.ts';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const LIMIT = 50;
const PAGE = 10_000;
const REPS = 200;

const t = await createTestApp({
  sql: (process.env.BENCH_SQL as 'pglite' | 'postgres') ?? 'pglite',
});
try {
  const client = await t.login();
  const seedStart = performance.now();
  for (let start = 0; start < ROWS; start += 100_000) {
    const end = Math.min(ROWS, start + 100_000) - 1;
    await sql`insert into audit_log (id, ts, action, actor, detail)
      select 'bench-' || lpad(g::text, 8, '0'), now() - make_interval(secs => (${ROWS} - g) / 1000.0),
             case when g % 3 = 0 then 'skill.shell' else 'auth.login' end, 'bench', '{}'::jsonb
      from generate_series(${start}::int, ${end}::int) g`.execute(t.sql.db);
  }
  await sql`analyze audit_log`.execute(t.sql.db);
  const seedMs = performance.now() - seedStart;

  // The cursor that page 10,000 starts from, found once (untimed) the slow way.
  const row = await sql<{ ts: string; id: string }>`
    select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id from audit_log
    order by ts desc, id desc offset ${(PAGE - 1) * LIMIT - 1} limit 1`.execute(t.sql.db);
  const deep = row.rows[0];
  if (!deep) throw new Error('not enough rows for page 10,000');
  const cursor = encodeURIComponent(`${deep.ts}|${deep.id}`);

  const time = async (url: string) => {
    const started = performance.now();
    const response = await client.inject({ method: 'GET', url });
    if (response.statusCode !== 200 || response.json().entries.length !== LIMIT)
      throw new Error(`bad page: ${response.body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const first: number[] = [];
  const tenThousandth: number[] = [];
  for (let i = 0; i < 20; i++) {
    await time(`/api/audit?limit=${LIMIT}`);
    await time(`/api/audit?limit=${LIMIT}&cursor=${cursor}`);
  }
  // Interleaved, so drift affects both equally.
  for (let i = 0; i < REPS; i++) {
    first.push(await time(`/api/audit?limit=${LIMIT}`));
    tenThousandth.push(await time(`/api/audit?limit=${LIMIT}&cursor=${cursor}`));
  }
  const ratio = median(tenThousandth) / median(first);
  await report(`audit-paging-${t.sql.backend}`, {
    rows: ROWS,
    'seed seconds': round(seedMs / 1000, 1),
    'page 1 median ms': round(median(first)),
    'page 1 p95 ms': round(percentile(first, 95)),
    'page 10,000 median ms': round(median(tenThousandth)),
    'page 10,000 p95 ms': round(percentile(tenThousandth, 95)),
    'page 10,000 / page 1': round(ratio),
    'target (<= 1.2)': ratio <= 1.2 ? 'met' : 'missed',
  });
} finally {
  await t.close();
}
