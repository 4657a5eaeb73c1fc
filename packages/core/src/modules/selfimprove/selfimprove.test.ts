import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEvent } from '../events/runtime-events.js';
import { createTestTree, type TestTree, TREE_FILES } from './test-tree.js';

describe.each(await sqlTestBackends())('self-improve proposals on %s', (backend) => {
  let t: TestApp;
  let client: Client;
  let tree: TestTree;
  const events: RuntimeEvent[] = [];
  beforeAll(async () => {
    tree = await createTestTree();
    t = await createTestApp({ sql: backend, env: { APP_SRC_DIR: tree.dir } });
    t.app.events.subscribe((event) => events.push(event));
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await tree.remove();
  });

  const propose = (payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/self-improve/proposals', payload });

  it('creates a pending proposal from a whole new file, with its diff and gate', async () => {
    const content = 'def greet(name):\n    return f"hi {name}"\n';
    const response = await propose({ path: 'app.py', content, rationale: 'Friendlier' });
    expect(response.statusCode).toBe(201);
    const proposal = response.json();
    expect(proposal).toMatchObject({
      path: 'app.py',
      status: 'pending',
      content,
      rationale: 'Friendlier',
      origin: 'manual',
      created_by: 'admin',
      decided_at: null,
      applied_path: null,
      backup_path: null,
      error: null,
      gate: { decision: 'ALLOW', critical_path: false, weakening_patterns: [] },
    });
    expect(proposal.diff).toBe(
      '--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n def greet(name):\n-    return f"hello {name}"\n+    return f"hi {name}"\n',
    );
    expect(proposal.gate.patch_length).toBe(proposal.diff.length);
    // Proposing writes nothing.
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(TREE_FILES['app.py']);

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 1, action: 'selfimprove.propose' });
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      target: 'app.py',
      detail: { proposal_id: proposal.proposal_id, origin: 'manual', gate: { decision: 'ALLOW' } },
    });
    expect(events.at(-1)).toMatchObject({
      name: 'proposal-change',
      data: { proposal_id: proposal.proposal_id, path: 'app.py', status: 'pending' },
    });
  });

  it('creates one from a unified diff applied to the file as it is now', async () => {
    const diff = [
      '--- a/util/strings.ts',
      '+++ b/util/strings.ts',
      '@@ -1 +1,2 @@',
      ' export const shout = (text: string) => text.toUpperCase();',
      '+export const whisper = (text: string) => text.toLowerCase();',
      '',
    ].join('\n');
    const response = await propose({ path: 'util/strings.ts', diff, rationale: 'Symmetry' });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toBe(
      `${TREE_FILES['util/strings.ts']}export const whisper = (text: string) => text.toLowerCase();\n`,
    );

    const stale = diff.replace(' export const shout', ' export const yell');
    const refused = await propose({ path: 'util/strings.ts', diff: stale });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: '/diff' }],
    });
    const garbled = await propose({ path: 'util/strings.ts', diff: 'not a diff' });
    expect(garbled.json()).toMatchObject({ error: 'validation_error' });
  });

  it('refuses a body with both or neither of content and diff, or one that changes nothing', async () => {
    for (const payload of [
      { path: 'app.py', content: 'x = 1\n', diff: '--- a\n' },
      { path: 'app.py', rationale: 'nothing' },
      { path: 'app.py', content: TREE_FILES['app.py'] },
      { path: '', content: 'x' },
    ]) {
      const response = await propose(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('validation_error');
      expect(response.json().details[0].path).toBe(payload.path === '' ? '/path' : '/content');
    }
  });

  it('refuses paths outside the tree: .., absolute, and links pointing out', async () => {
    for (const path of [
      '../outside/secret.txt',
      '/etc/passwd',
      `${tree.outside}/secret.txt`,
      'leak.txt',
      'escape/secret.txt',
      'util',
    ]) {
      const response = await propose({ path, content: 'owned\n' });
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ ok: false, error: 'path_refused' });
    }
    for (const url of [
      '/api/self-improve/file?path=leak.txt',
      '/api/self-improve/file?path=../outside/secret.txt',
      '/api/self-improve/files?dir=escape',
      '/api/self-improve/files?dir=/etc',
    ]) {
      const response = await client.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ ok: false, error: 'path_refused' });
    }
    expect(await readFile(`${tree.outside}/secret.txt`, 'utf8')).toBe('top secret\n');
  });

  it('lists by status, shows one with its content, and 404s an unknown id', async () => {
    const list = await client.inject({ url: '/api/self-improve/proposals?status=pending' });
    const proposals = list.json().proposals as { proposal_id: string; path: string }[];
    expect(proposals.map((p) => p.path)).toEqual(['util/strings.ts', 'app.py']);
    expect(proposals[0]).not.toHaveProperty('content');
    const first = proposals[1]?.proposal_id;
    const one = await client.inject({ url: `/api/self-improve/proposals/${first}` });
    expect(one.json()).toMatchObject({ proposal_id: first, content: expect.any(String) });
    const applied = await client.inject({ url: '/api/self-improve/proposals?status=applied' });
    expect(applied.json()).toEqual({ proposals: [] });
    const bad = await client.inject({ url: '/api/self-improve/proposals?status=merged' });
    expect(bad.json()).toMatchObject({ error: 'validation_error' });

    for (const [method, url] of [
      ['GET', '/api/self-improve/proposals/nope'],
      ['POST', '/api/self-improve/nope/apply'],
      ['POST', '/api/nope/apply'],
      ['POST', '/api/self-improve/nope/reject'],
    ] as const) {
      const response = await client.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: 'not_found' });
    }
  });

  it('rejects a pending proposal once: dismissed, audited, then 409', async () => {
    const created = (await propose({ path: 'notes.txt', content: 'other\n' })).json();
    const url = `/api/self-improve/${created.proposal_id}/reject`;
    const rejected = await client.inject({ method: 'POST', url });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      ok: true,
      proposal: { status: 'dismissed', decided_by: 'admin', decided_at: expect.any(String) },
    });
    expect(events.at(-1)?.data).toMatchObject({ status: 'dismissed' });
    const again = await client.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invalid_transition' });
    const apply = await client.inject({
      method: 'POST',
      url: `/api/self-improve/${created.proposal_id}/apply`,
    });
    expect(apply.statusCode).toBe(409);
    expect(await readFile(tree.file('notes.txt'), 'utf8')).toBe(TREE_FILES['notes.txt']);
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 1, action: 'selfimprove.reject' });
    expect(entries[0]).toMatchObject({ target: 'notes.txt', actor: 'admin' });
  });

  it('documents its routes, the alias included, in the OpenAPI document', async () => {
    const paths = (await client.inject({ url: '/api/openapi.json' })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/self-improve/proposals',
        '/api/self-improve/proposals/{proposal_id}',
        '/api/self-improve/{proposal_id}/apply',
        '/api/{proposal_id}/apply',
        '/api/self-improve/{proposal_id}/reject',
        '/api/self-improve/patches',
        '/api/self-improve/files',
        '/api/self-improve/file',
      ]),
    );
  });

  it('lists and reads the tree, links inside followed, links out left out', async () => {
    const root = (await client.inject({ url: '/api/self-improve/files' })).json();
    const paths = root.entries.map((entry: { path: string }) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['util', 'app.py', 'inner.ts']));
    expect(paths).not.toContain('leak.txt');
    expect(paths).not.toContain('escape');
    const util = (await client.inject({ url: '/api/self-improve/files?dir=util' })).json();
    expect(util).toMatchObject({
      dir: 'util',
      entries: [{ path: 'util/strings.ts', type: 'file' }],
    });
    const file = (await client.inject({ url: '/api/self-improve/file?path=app.py' })).json();
    expect(file).toMatchObject({ path: 'app.py', content: TREE_FILES['app.py'] });
    const missing = await client.inject({ url: '/api/self-improve/file?path=none.py' });
    expect(missing.statusCode).toBe(404);
  });
});
