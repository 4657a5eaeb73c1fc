import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEvent } from '../events/runtime-events.js';
import { compactTimestamp } from './patch-store.js';
import { createTestTree, type TestTree, TREE_FILES } from './test-tree.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(await sqlTestBackends())('self-improve apply on %s', (backend) => {
  let t: TestApp;
  let client: Client;
  let tree: TestTree;
  let patchesDir: string;
  const events: RuntimeEvent[] = [];
  beforeAll(async () => {
    tree = await createTestTree();
    t = await createTestApp({ sql: backend, env: { APP_SRC_DIR: tree.dir } });
    t.app.events.subscribe((event) => events.push(event));
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

  it('refuses invalid Python with 400 and the exact text; nothing written, still pending', async () => {
    const { proposal_id } = await propose('app.py', 'def greet(name):\n    return (name,\n');
    const response = await apply(proposal_id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      error: "Syntax error — patch rejected: '(' was never closed (line 2)",
    });
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(TREE_FILES['app.py']);
    expect(await stored()).toEqual([]);
    expect(await status(proposal_id)).toMatchObject({
      status: 'pending',
      error: "Syntax error — patch rejected: '(' was never closed (line 2)",
    });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 1, action: 'selfimprove.apply_refused' });
    expect(entries[0]).toMatchObject({ target: 'app.py', detail: { reason: 'syntax' } });
  });

  it('cuts the parser message to 120 characters', async () => {
    const { proposal_id } = await propose('app.py', `# coding: ${'z'.repeat(300)}\nx = 1\n`);
    const body = (await apply(proposal_id)).json();
    const message = `unknown encoding: ${'z'.repeat(300)}`.slice(0, 120);
    expect(body.error).toBe(`Syntax error — patch rejected: ${message} (line 1)`);
  });

  it('refuses TypeScript and JSON syntax errors the same way', async () => {
    const ts = await propose('util/strings.ts', 'export const shout = (text: string) => ;\n');
    expect((await apply(ts.proposal_id)).json()).toEqual({
      ok: false,
      error: 'Syntax error — patch rejected: Unexpected token (line 1)',
      message: 'Syntax error — patch rejected: Unexpected token (line 1)',
    });
    const json = await propose('config/settings.json', '{\n  "debug": false,\n}\n');
    const response = await apply(json.proposal_id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Syntax error — patch rejected: .+ \(line 3\)$/);
    expect(await readFile(tree.file('config/settings.json'), 'utf8')).toBe(
      TREE_FILES['config/settings.json'],
    );
  });

  it('applies a valid patch: backup, atomic write, persisted patch with its digest', async () => {
    const content = 'def greet(name):\n    return f"hello, {name}!"\n';
    const { proposal_id, diff } = await propose('app.py', content);
    const before = Date.now();
    const response = await apply(proposal_id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['applied_path', 'backup_path', 'ok']);
    expect(body).toMatchObject({ ok: true, applied_path: tree.file('app.py') });
    const backup = /^(.+)\/backup_(\d{8}T\d{6})_app\.py$/.exec(body.backup_path);
    expect(backup?.[1]).toBe(patchesDir);
    const stamp = backup?.[2] ?? '';
    // Taken while the request ran (one second or several, on a busy machine).
    expect(stamp >= compactTimestamp(new Date(before))).toBe(true);
    expect(stamp <= compactTimestamp(new Date())).toBe(true);
    expect(await readFile(body.backup_path, 'utf8')).toBe(TREE_FILES['app.py']);
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(content);
    expect((await readdir(tree.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const patchFile = path.join(patchesDir, `${stamp}_${proposal_id}.patch`);
    expect(await readFile(patchFile, 'utf8')).toBe(diff);
    expect((await readFile(`${patchFile}.sha256`, 'utf8')).trim()).toBe(sha256(diff));

    expect(await status(proposal_id)).toMatchObject({
      status: 'applied',
      decided_by: 'admin',
      applied_path: body.applied_path,
      backup_path: body.backup_path,
      error: null,
    });
    const patches = (await client.inject({ url: '/api/self-improve/patches' })).json().patches;
    expect(patches).toEqual([
      expect.objectContaining({
        name: `${stamp}_${proposal_id}`,
        proposal_id,
        path: 'app.py',
        sha256: sha256(diff),
        digest_ok: true,
        last_start: 'not_yet',
      }),
    ]);
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 1, action: 'selfimprove.apply' });
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      target: 'app.py',
      detail: { proposal_id, backup_path: body.backup_path, gate: { decision: 'ALLOW' } },
    });

    expect(events.at(-1)).toMatchObject({
      name: 'proposal-change',
      data: { proposal_id, path: 'app.py', status: 'applied' },
    });

    const again = await apply(proposal_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invalid_transition' });
    const reject = await client.inject({
      method: 'POST',
      url: `/api/self-improve/${proposal_id}/reject`,
    });
    expect(reject.statusCode).toBe(409);
  });

  it('serves the same apply at the alias POST /api/{proposal_id}/apply', async () => {
    const { proposal_id } = await propose('notes.txt', 'changed (not checked: not code\n');
    const response = await apply(proposal_id, `/api/${proposal_id}/apply`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, applied_path: tree.file('notes.txt') });
  });

  it('creates a new file without a backup', async () => {
    const { proposal_id } = await propose('util/fresh/new.ts', 'export const fresh = true;\n');
    const response = await apply(proposal_id);
    expect(response.json()).toEqual({
      ok: true,
      applied_path: tree.file('util/fresh/new.ts'),
      backup_path: null,
    });
    expect(await readFile(tree.file('util/fresh/new.ts'), 'utf8')).toBe(
      'export const fresh = true;\n',
    );
  });
});
