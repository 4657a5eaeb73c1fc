import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSqlStore, sqlTestBackends, type TestSqlStore } from '../testing/services.js';
import { jsonRows } from './json-rows.js';

const ODD = [
  'plain',
  'quotes " and \\ backslashes \\ud800 written out',
  'line\nbreak\ttab \u001b escape',
  'emoji 😀 and ñ, 中文',
  'nul \u0000 inside',
  'lone high \ud800 and lone low \udc00',
];

describe('jsonRows', () => {
  it('writes what JSON.stringify writes when nothing in it is refused', () => {
    const rows = [{ a: ODD[1], b: 1, c: null, d: [{ e: ODD[3] }] }];
    expect(jsonRows(rows)).toBe(JSON.stringify(rows));
  });

  it('turns NUL and unpaired surrogates into U+FFFD, and nothing else', () => {
    const back = JSON.parse(jsonRows(ODD.map((text) => ({ text })))) as Array<{ text: string }>;
    expect(back.map((row) => row.text)).toEqual([
      ODD[0],
      ODD[1],
      ODD[2],
      ODD[3],
      'nul \ufffd inside',
      'lone high \ufffd and lone low \ufffd',
    ]);
  });
});

describe.each(await sqlTestBackends())('jsonRows through jsonb_to_recordset (%s)', (backend) => {
  let store: TestSqlStore;
  beforeAll(async () => {
    store = await openTestSqlStore(backend);
  });
  afterAll(() => store?.destroy());

  it('reads every row back as it was written, in order', async () => {
    const rows = ODD.map((text, n) => ({ n, text, nested: { text } }));
    const { rows: back } = await sql<{ n: number; text: string; nested: { text: string } }>`
      select n, text, nested from jsonb_to_recordset(${jsonRows(rows)}::jsonb)
        as r(n integer, text text, nested jsonb)`.execute(store.db);
    expect(back).toEqual(JSON.parse(jsonRows(rows)));
    expect(back[3]?.text).toBe(ODD[3]);
  });
});
