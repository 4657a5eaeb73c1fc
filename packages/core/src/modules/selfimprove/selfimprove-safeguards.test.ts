import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { compactTimestamp } from './patch-store.js';
import { createTestTree, type TestTree, TREE_FILES } from './test-tree.js';

describe.each(await sqlTestBackends())('self-improve apply safeguards on %s', (backend) => {
  let t: TestApp;
  let client: Client;
  let tree: TestTree;
  let patchesDir: string;
  beforeAll(async () => {
    tree = await createTestTree();
    t = await createTestApp({ sql: backend, env: { APP_SRC_DIR: tree.dir } });
    patchesDir = path.join(t.sql.dataDir, 'src_patches');
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await tree.remove();
  });

  const propose = async (file: string, content: string) => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/self-improve/proposals',
      payload: { path: file, content, rationale: 'test' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { proposal_id: string; diff: string };
  };
  const apply = (id: string, url = `/api/self-improve/${id}/apply`) =>
    client.inject({ method: 'POST', url });
  const status = async (id: string) =>
    (await client.inject({ url: `/api/self-improve/proposals/${id}` })).json();
  const stored = async () => readdir(patchesDir).catch(() => [] as string[]);

  const largeBody = Array.from({ length: 60 }, (_, n) => `export const value${n} = ${n} * 2;`);

  it('blocks a large weakening patch of a critical path with 422; nothing written', async () => {
    const before = await stored();
    const content = `${[...largeBody, 'export const disable_sandbox = true;'].join('\n')}\n`;
    const { proposal_id } = await propose('modules/sandbox/sandbox.ts', content);
    const response = await apply(proposal_id);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^Blocked by safety gate: critical path \(modules\/sandbox\/\); large patch \(\d+ > 2000 characters\); weakening pattern sandbox_disabled: disabling the sandbox$/,
      ),
      gate: {
        decision: 'BLOCK',
        critical_path: true,
        is_large_patch: true,
        weakening_patterns: ['sandbox_disabled'],
      },
    });
    expect(await readFile(tree.file('modules/sandbox/sandbox.ts'), 'utf8')).toBe(
      TREE_FILES['modules/sandbox/sandbox.ts'],
    );
    expect(await stored()).toEqual(before);
    expect(await status(proposal_id)).toMatchObject({ status: 'pending', error: body.error });
  });

  it('applies a large critical patch without weakening patterns, with the WARN gate', async () => {
    const { proposal_id } = await propose(
      'modules/sandbox/sandbox.ts',
      `${largeBody.join('\n')}\n`,
    );
    const response = await apply(proposal_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      gate: { decision: 'WARN', critical_path: true, is_large_patch: true, weakening_patterns: [] },
    });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 1, action: 'selfimprove.apply' });
    expect(entries[0]?.detail).toMatchObject({ proposal_id, gate: { decision: 'WARN' } });
  });

  it('keeps a change made since the proposal, and refuses a proposal that no longer fits', async () => {
    const lines = (change: Record<number, number>) =>
      Array.from({ length: 10 }, (_, n) => `export const l${n} = ${change[n] ?? n};\n`).join('');
    await writeFile(tree.file('util/long.ts'), lines({}));
    const first = await propose('util/long.ts', lines({ 1: 100 }));
    const last = await propose('util/long.ts', lines({ 9: 900 }));
    // Someone else changes the last line meanwhile.
    await writeFile(tree.file('util/long.ts'), lines({ 9: -9 }));
    expect((await apply(first.proposal_id)).statusCode).toBe(200);
    expect(await readFile(tree.file('util/long.ts'), 'utf8')).toBe(lines({ 1: 100, 9: -9 }));
    const response = await apply(last.proposal_id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ ok: false, error: 'proposal_stale' });
    expect(await status(last.proposal_id)).toMatchObject({ status: 'pending' });
    expect(await readFile(tree.file('util/long.ts'), 'utf8')).toBe(lines({ 1: 100, 9: -9 }));
  });

  it('applies a proposal once when two replicas apply it at the same time', async () => {
    const replica = await t.replica({ APP_SRC_DIR: tree.dir });
    try {
      const other = await replica.login();
      const { proposal_id } = await propose('notes.txt', 'raced\n');
      const url = `/api/self-improve/${proposal_id}/apply`;
      const responses = await Promise.all([
        apply(proposal_id),
        other.inject({ method: 'POST', url }),
        apply(proposal_id),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await readFile(tree.file('notes.txt'), 'utf8')).toBe('raced\n');
      const patches = (await stored()).filter((name) => name.endsWith(`${proposal_id}.patch`));
      expect(patches).toHaveLength(1);
    } finally {
      await replica.close();
    }
  });

  it('undoes every write when the patch cannot be persisted', async () => {
    const { proposal_id } = await propose('config/settings.json', '{\n  "debug": true\n}\n');
    // A folder where the patch file must go makes the last write fail, after the file write.
    const now = Date.now();
    for (let second = -1; second <= 3; second += 1) {
      const name = `${compactTimestamp(new Date(now + second * 1000))}_${proposal_id}.patch`;
      await mkdir(path.join(patchesDir, name), { recursive: true });
    }
    const before = (await stored()).filter((name) => name.startsWith('backup_')).length;
    const response = await apply(proposal_id);
    expect(response.statusCode).toBe(500);
    expect(await readFile(tree.file('config/settings.json'), 'utf8')).toBe(
      TREE_FILES['config/settings.json'],
    );
    expect((await stored()).filter((name) => name.startsWith('backup_')).length).toBe(before);
    expect(await status(proposal_id)).toMatchObject({ status: 'pending', applied_path: null });
  });
});
