import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { CheckName } from './integrity.js';
import { arrayLiteral, vectorLiteral } from './vectors.js';

/**
 * One fixture per integrity check, each written around the repository (as a restored backup
 * or hand-written SQL would be), each making exactly its own check fail.
 */
describe.each(await sqlTestBackends())('memory integrity report (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
  });
  afterAll(() => t.close());

  const report = async () => {
    const response = await client.inject({ method: 'GET', url: '/api/memory/integrity' });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      status: string;
      checks: Array<{ name: CheckName; status: string; count: number; sample_ids: string[] }>;
    };
  };
  const statusOf = async () =>
    Object.fromEntries((await report()).checks.map((c) => [c.name, c.status]));
  const exec = (text: string) => sql.raw(text).execute(t.app.sql.db);
  const rawItem = (id: string, text: string, extra = '') =>
    exec(`insert into memory_items (id, path, kind, text, status, confidence, source_kind,
            content_hash, created_by ${extra ? `, ${extra.split('=')[0]}` : ''})
          values ('${id}', 'facts/raw', 'fact', '${text}', 'active', 1, 'chat',
            md5('${id}'), 'extractor' ${extra ? `, ${extra.split('=')[1]}` : ''})`);
  const withEvent = (id: string) =>
    exec(
      `insert into memory_events (id, item_id, op, actor) values ('ev-${id}', '${id}', 'ADD', 'extractor')`,
    );

  /** Applies a fixture and expects exactly `name` to change from pass. */
  const expectOnly = async (
    name: CheckName,
    expected: 'fail' | 'warn',
    fixture: () => Promise<unknown>,
  ) => {
    const before = await statusOf();
    expect(before[name]).toBe('pass');
    await fixture();
    const after = await statusOf();
    const changed = Object.keys(after).filter((key) => after[key] !== before[key]);
    expect(changed).toEqual([name]);
    expect(after[name]).toBe(expected);
  };

  it('passes on memory written through the repository', async () => {
    await client.inject({
      method: 'POST',
      url: '/api/memory/items',
      payload: { path: 'core/human', kind: 'block', text: 'Operator: Sam.' },
    });
    const observation = await t.app.memory.observe({
      source_kind: 'chat',
      content: 'user: hi',
      request_id: 'r1',
    });
    await t.app.memory.create(
      {
        path: 'facts',
        kind: 'fact',
        text: 'Sam likes sailing.',
        status: 'active',
        confidence: 0.9,
        source_kind: 'chat',
        observation_id: observation.id,
        created_by: 'extractor',
      },
      { actor: 'extractor' },
    );
    const result = await report();
    expect(result.status).toBe('pass');
    expect(result.checks.map((c) => c.name)).toEqual([
      'provenance',
      'block_limits',
      'duplicates',
      'near_duplicates',
      'dangling_relations',
      'history',
      'embedding_coverage',
      'patch_digests',
    ]);
  });

  it('fails provenance for an extracted item that names no source', async () => {
    await expectOnly('provenance', 'fail', async () => {
      await rawItem('orphan-1', 'Learned from nowhere.');
      await withEvent('orphan-1');
    });
    expect((await report()).checks.find((c) => c.name === 'provenance')?.sample_ids).toEqual([
      'orphan-1',
    ]);
    await exec(`update memory_items set request_id = 'r2' where id = 'orphan-1'`);
  });

  it('fails block limits for a block whose text outgrew its limit', async () => {
    await expectOnly('block_limits', 'fail', () =>
      exec(`update memory_items set text = repeat('x', 2100) where path = 'core/human'`),
    );
    await exec(`update memory_items set text = 'Operator: Sam.' where path = 'core/human'`);
  });

  it('fails duplicates for two live items with the same text', async () => {
    await expectOnly('duplicates', 'fail', async () => {
      await rawItem('twin-1', 'Twins are here.', "request_id='r3'");
      await withEvent('twin-1');
      await exec(
        `update memory_items set content_hash = (select content_hash from memory_items where text = 'Sam likes sailing.') where id = 'twin-1'`,
      );
    });
    await exec(`update memory_items set status = 'retracted' where id = 'twin-1'`);
  });

  it('warns of near-duplicates', async () => {
    await expectOnly('near_duplicates', 'warn', () =>
      client
        .inject({
          method: 'POST',
          url: '/api/memory/items',
          payload: { path: 'facts', text: 'Sam likes sailing!!' },
        })
        .then((r) => {
          // Punctuation aside it is the same text: the repository refuses an exact twin.
          expect(r.statusCode).toBe(409);
          return client.inject({
            method: 'POST',
            url: '/api/memory/items',
            payload: { path: 'facts', text: 'Sam - likes sailing.' },
          });
        }),
    );
    await exec(`update memory_items set status = 'retracted' where text = 'Sam - likes sailing.'`);
  });

  it('fails dangling relations for a relation to an entity that does not exist', async () => {
    const ana = await t.app.memory.deps.graph.create('Ana', 'person');
    await expectOnly('dangling_relations', 'fail', () =>
      exec(`insert into kg_relations (id, source_id, target_id, relation, fact)
            values ('rel-dangling', '${ana.id}', 'gone', 'knows', 'Ana knows someone')`),
    );
    await exec(`update kg_relations set expired_at = now() where id = 'rel-dangling'`);
  });

  it('fails history for an item that has no ADD event', async () => {
    await expectOnly('history', 'fail', () =>
      rawItem('silent-1', 'Appeared silently.', "request_id='r4'"),
    );
    await withEvent('silent-1');
  });

  it('fails embedding coverage when embeddings of the model differ in dimension', async () => {
    await t.app.memorySettings.update({ embedding_model: 'test/hash-3' }, 'admin');
    expect((await statusOf()).embedding_coverage).toBe('warn');
    const literal = (vector: number[]) =>
      t.app.memory.deps.capabilities.vector === 'pgvector'
        ? vectorLiteral(vector)
        : arrayLiteral(vector);
    await exec(
      `update memory_items set embedding = '${literal([1, 0, 0])}', embedding_model = 'test/hash-3'`,
    );
    await expectOnly('embedding_coverage', 'fail', () =>
      exec(`update memory_items set embedding = '${literal([1, 0, 0, 0])}' where id = 'silent-1'`),
    );
    await t.app.memorySettings.update({ embedding_model: null }, 'admin');
  });

  it('fails patch digests for a persisted patch that no longer matches its sidecar', async () => {
    await expectOnly('patch_digests', 'fail', async () => {
      const dir = path.join(t.sql.dataDir, 'src_patches');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, '20260101T000000_p1.patch'), '--- a/x\n+++ b/x\n');
      await writeFile(path.join(dir, '20260101T000000_p1.patch.sha256'), `${'0'.repeat(64)}\n`);
    });
  });
});
