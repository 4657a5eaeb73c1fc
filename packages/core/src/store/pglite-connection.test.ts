import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteConnection, PREPARED_STATEMENTS } from './pglite-connection.js';
import { hint } from './statement-hints.js';

describe('node-postgres on the embedded database, through PgliteConnection', () => {
  let pglite: PGlite;
  let pool: pg.Pool;
  /** The statements the session holds prepared, by text. */
  const prepared = async () => {
    const { rows } = await pool.query('select name, statement from pg_prepared_statements');
    return new Map(
      rows.map((row: { name: string; statement: string }) => [row.statement, row.name]),
    );
  };

  beforeAll(async () => {
    pglite = await PGlite.create();
    pool = new pg.Pool({ max: 1, connection: new PgliteConnection(pglite) } as pg.PoolConfig);
    await pool.query(
      'create table notes (id int primary key, body text); insert into notes select g, $$note $$ || g from generate_series(1, 50) g',
    );
  });
  afterAll(async () => {
    await pool.end();
    await pglite.close();
  });

  it('runs a statement seen once unnamed, then prepares it and binds it by name', async () => {
    const text = 'select body from notes where id = $1';
    expect((await pool.query(text, [1])).rows).toEqual([{ body: 'note 1' }]);
    expect((await prepared()).has(text)).toBe(false);
    expect((await pool.query(text, [2])).rows).toEqual([{ body: 'note 2' }]);
    const name = (await prepared()).get(text);
    expect(name).toBeDefined();
    for (let id = 3; id <= 10; id++)
      expect((await pool.query(text, [id])).rows).toEqual([{ body: `note ${id}` }]);
    expect((await prepared()).get(text)).toBe(name);
  });

  it('reports an error in a statement of its own and goes on, in a transaction or out of one', async () => {
    const text = 'select body from notes where id = $1::int';
    await pool.query(text, [1]);
    await pool.query(text, [1]);
    await expect(pool.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await pool.query(text, [4])).rows).toEqual([{ body: 'note 4' }]);

    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('update notes set body = $1 where id = $2', ['changed', 5]);
      await expect(client.query(text, ['nope'])).rejects.toMatchObject({ code: '22P02' });
      await expect(client.query(text, [5])).rejects.toMatchObject({ code: '25P02' });
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await pool.query(text, [5])).rows).toEqual([{ body: 'note 5' }]);
  });

  it(`keeps at most ${PREPARED_STATEMENTS} statements, closing the least recently used`, async () => {
    const texts = Array.from(
      { length: PREPARED_STATEMENTS + 20 },
      (_, i) => `select body, ${i} as n from notes where id = $1`,
    );
    for (const text of texts) for (let run = 0; run < 2; run++) await pool.query(text, [run + 1]);
    const held = await prepared();
    expect(held.size).toBeLessThanOrEqual(PREPARED_STATEMENTS);
    expect(held.has(texts[0] as string)).toBe(false);
    expect(held.has(texts.at(-1) as string)).toBe(true);
    // A closed statement runs again: parsed afresh, its answer right.
    expect((await pool.query(texts[0] as string, [7])).rows).toEqual([{ body: 'note 7', n: 0 }]);
    expect((await pool.query(texts[0] as string, [8])).rows).toEqual([{ body: 'note 8', n: 0 }]);
    expect((await prepared()).has(texts[0] as string)).toBe(true);
  });

  it('parses a statement afresh once a change to its table failed it', async () => {
    const text = 'select * from notes where id = $1';
    await pool.query(text, [1]);
    await pool.query(text, [1]);
    await pool.query('alter table notes add column tag text');
    // PostgreSQL refuses a prepared statement whose columns changed, once.
    await expect(pool.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await pool.query(text, [2])).rows).toEqual([{ id: 2, body: 'note 2', tag: null }]);
    expect((await pool.query(text, [3])).rows).toEqual([{ id: 3, body: 'note 3', tag: null }]);
  });

  it('sends a begin with the statement after it, and the transaction holds', async () => {
    const calls: string[] = [];
    const original = pglite.execProtocolRawStream.bind(pglite);
    pglite.execProtocolRawStream = (message, options) => {
      calls.push(Buffer.from(message).toString('latin1'));
      return original(message, options);
    };
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect(calls).toEqual([]);
      await client.query('update notes set body = $1 where id = $2', ['kept', 20]);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/^Q.*begin.*update notes/s);
      expect(
        (await client.query('select txid_current_if_assigned() is not null as open')).rows,
      ).toEqual([{ open: true }]);
      await client.query('commit');

      await client.query('BEGIN');
      await client.query('update notes set body = $1 where id = $2', ['undone', 20]);
      await client.query('rollback');
      // An empty transaction: the begin goes out with its commit.
      await client.query('begin');
      await client.query('commit');
    } finally {
      client.release();
      pglite.execProtocolRawStream = original;
    }
    expect((await pool.query('select body from notes where id = 20')).rows).toEqual([
      { body: 'kept' },
    ]);
    // A statement that fails right after the begin fails alone; the rollback ends the transaction.
    const client2 = await pool.connect();
    try {
      await client2.query('begin');
      await expect(client2.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
      await expect(client2.query('select 1')).rejects.toMatchObject({ code: '25P02' });
      await client2.query('rollback');
      expect((await client2.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    } finally {
      client2.release();
    }
  });

  describe('a statement with hinted settings', () => {
    const seqscan = async (client: pg.Pool | pg.PoolClient = pool) =>
      (await client.query('show enable_seqscan')).rows[0].enable_seqscan;
    const hinted = `${hint({ enable_seqscan: 'off' })}select current_setting('enable_seqscan') as during, $1::int as n`;

    it('runs under its settings, unnamed, prepared and as a simple query, and leaves them as they were', async () => {
      for (let n = 1; n <= 4; n++) {
        expect((await pool.query(hinted, [n])).rows).toEqual([{ during: 'off', n }]);
        expect(await seqscan()).toBe('on');
      }
      expect((await prepared()).has(hinted)).toBe(true);
      const simple = `${hint({ enable_seqscan: 'off', work_mem: '8MB' })}select current_setting('enable_seqscan') as s, current_setting('work_mem') as w`;
      expect((await pool.query(simple)).rows).toEqual([{ s: 'off', w: '8MB' }]);
      expect(await seqscan()).toBe('on');
      expect((await pool.query('show work_mem')).rows).toEqual([{ work_mem: '4MB' }]);
    });

    it('keeps a prepared statement on a generic plan when the hint says so', async () => {
      const text = 'select body from notes where id = $1';
      const generic = `${hint({ plan_cache_mode: 'force_generic_plan' })}${text} and $1 > 0`;
      for (let id = 1; id <= 4; id++) {
        await pool.query(generic, [id]);
        await pool.query(`${text} and $1 > 0`, [id]);
      }
      const { rows } = await pool.query(
        'select statement, generic_plans, custom_plans from pg_prepared_statements where statement like $1',
        [`%${text} and $1 > 0`],
      );
      expect(rows.find((row) => row.statement === generic)).toMatchObject({
        generic_plans: '3',
        custom_plans: '0',
      });
      expect(rows.find((row) => row.statement !== generic)).toMatchObject({ generic_plans: '0' });
    });

    it('fails alone and still leaves the settings as they were, in a transaction or out of one', async () => {
      await expect(pool.query(hinted, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
      expect(await seqscan()).toBe('on');
      const client = await pool.connect();
      try {
        await client.query('begin');
        expect((await client.query(hinted, [5])).rows).toEqual([{ during: 'off', n: 5 }]);
        expect(await seqscan(client)).toBe('on');
        // The statement fails inside the transaction: the reset cannot run, the rollback undoes the set.
        await expect(client.query(hinted, ['nope'])).rejects.toMatchObject({ code: '22P02' });
        // In the aborted transaction the set is refused as the statement is.
        await expect(client.query(hinted, [6])).rejects.toMatchObject({ code: '25P02' });
        await client.query('rollback');
        expect(await seqscan(client)).toBe('on');
        expect((await client.query(hinted, [7])).rows).toEqual([{ during: 'off', n: 7 }]);
      } finally {
        client.release();
      }
    });
  });
});
