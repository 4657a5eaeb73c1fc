import { execFile } from 'node:child_process';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { entryCommand } from '../../testing/spawn-entry.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestTree, type TestTree, TREE_FILES } from './test-tree.js';

const REPLAY = path.resolve(import.meta.dirname, '../../replay-patches.ts');

/** Warnings of this module, captured from a real pino logger. */
function capturingLogger() {
  const lines: { level: number; msg: string; module?: string; patch?: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  ) as unknown as FastifyBaseLogger;
  const warnings = () => lines.filter((line) => line.level === 40 && line.module === 'selfimprove');
  return { logger, lines, warnings };
}

describe.each(await sqlTestBackends())('persisted patches at start on %s', (backend) => {
  let t: TestApp;
  let client: Client;
  let tree: TestTree;
  const log = capturingLogger();
  const patchFiles: Record<string, string> = {};
  const NEW_PY = 'def greet(name):\n    return f"hey {name}"\n';
  const NEW_TS = "export const shout = (text: string) => text.toUpperCase() + '!';\n";

  beforeAll(async () => {
    tree = await createTestTree();
    t = await createTestApp({ sql: backend, env: { APP_SRC_DIR: tree.dir }, logger: log.logger });
    client = await t.login();
    for (const [file, content] of [
      ['app.py', NEW_PY],
      ['util/strings.ts', NEW_TS],
    ] as const) {
      const created = await client.inject({
        method: 'POST',
        url: '/api/self-improve/proposals',
        payload: { path: file, content },
      });
      const { proposal_id } = created.json();
      const applied = await client.inject({
        method: 'POST',
        url: `/api/self-improve/${proposal_id}/apply`,
      });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const patches = (await client.inject({ url: '/api/self-improve/patches' })).json().patches;
    for (const patch of patches) patchFiles[patch.path] = patch.file;
  });
  afterAll(async () => {
    await t.close();
    await tree.remove();
  });

  const restart = async () => {
    t = await t.restart();
    client = await t.login();
    return (await client.inject({ url: '/api/self-improve/patches' })).json().patches as {
      path: string;
      last_start: string;
      digest_ok: boolean;
      last_start_reason: string | null;
    }[];
  };

  it('leaves patches that are already in the tree as they are', async () => {
    const patches = await restart();
    expect(patches.map((patch) => [patch.path, patch.last_start])).toEqual([
      ['app.py', 'already_applied'],
      ['util/strings.ts', 'already_applied'],
    ]);
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(NEW_PY);
    expect(log.warnings()).toEqual([]);
  });

  it('re-applies them before the runtime is built, as the container starts (replay-patches.ts)', async () => {
    await tree.restore();
    const [program, args] = entryCommand(REPLAY);
    await promisify(execFile)(program, args, {
      env: {
        PATH: process.env.PATH ?? '',
        APP_SRC_DIR: tree.dir,
        DATA_DIR: t.sql.dataDir,
        DASHBOARD_SECRET: 'a'.repeat(64),
        LOG_LEVEL: 'silent',
      },
    });
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(NEW_PY);
    expect(await readFile(tree.file('util/strings.ts'), 'utf8')).toBe(NEW_TS);
    // The runtime, built from that tree, finds them in place.
    const patches = await restart();
    expect(patches.map((patch) => patch.last_start)).toEqual([
      'already_applied',
      'already_applied',
    ]);
  });

  it('re-applies them after a rebuild, skipping a tampered one with a warning naming it', async () => {
    await tree.restore();
    const tampered = patchFiles['util/strings.ts'] as string;
    await appendFile(tampered, '+export const backdoor = eval;\n');

    const patches = await restart();
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(NEW_PY);
    expect(await readFile(tree.file('util/strings.ts'), 'utf8')).toBe(
      TREE_FILES['util/strings.ts'],
    );
    expect(patches.map((patch) => [patch.path, patch.last_start, patch.digest_ok])).toEqual([
      ['app.py', 'reapplied', true],
      ['util/strings.ts', 'skipped', false],
    ]);
    const warning = log.warnings().find((line) => line.msg.includes(tampered));
    expect(warning).toMatchObject({
      patch: tampered,
      msg: `self-improve patch ${tampered} skipped: digest mismatch (the patch or its sidecar was changed)`,
    });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({
      limit: 1,
      action: 'selfimprove.reapply_skipped',
    });
    expect(entries[0]?.detail).toMatchObject({
      patches: [{ path: null, reason: expect.stringMatching(/digest mismatch/) }],
    });
  });

  it('skips a patch that no longer applies, with a warning, and starts anyway', async () => {
    await tree.restore();
    await writeFile(tree.file('app.py'), 'def greet(person):\n    return person\n');
    const before = log.warnings().length;
    const patches = await restart();
    expect(patches[0]).toMatchObject({
      path: 'app.py',
      last_start: 'skipped',
      last_start_reason: 'it no longer applies to app.py',
    });
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(
      'def greet(person):\n    return person\n',
    );
    expect(
      log
        .warnings()
        .slice(before)
        .map((line) => line.msg),
    ).toEqual([
      expect.stringMatching(/skipped: it no longer applies to app\.py$/),
      expect.stringMatching(/skipped: digest mismatch/),
    ]);
    const health = await client.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
  });
});
