import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { RunTrace } from '../runtime/run-trace.js';
import type { RunContext } from '../runtime/skill-runner.js';
import { createTestTree, type TestTree, TREE_FILES } from './test-tree.js';

describe('the self_improve skill through the policy gate', () => {
  let t: TestApp;
  let client: Client;
  let tree: TestTree;
  beforeAll(async () => {
    tree = await createTestTree();
    t = await createTestApp({ env: { APP_SRC_DIR: tree.dir } });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await tree.remove();
  });

  const context = (requestId: string): RunContext => ({
    requestId,
    chatId: 'chat-si',
    goalId: null,
    actor: 'agent',
    depth: 0,
    signal: new AbortController().signal,
    log: t.app.log,
    trace: new RunTrace(),
    onProgress: () => {},
  });
  const setMode = (mode: string) =>
    client.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode } });

  it('is PRIVILEGED and asks in SEMI mode, showing the diff and the gate before proposing', async () => {
    const view = (await client.inject({ url: '/api/skills' }))
      .json()
      .skills.find((skill: { name: string }) => skill.name === 'self_improve');
    expect(view).toMatchObject({ level: 'PRIVILEGED', available: true, needs_confirmation: true });

    const content = 'def greet(name):\n    return f"good day, {name}"\n';
    const running = t.app.skillRunner.run(
      'self_improve',
      { action: 'propose', path: 'app.py', content, rationale: 'More polite' },
      context('req-si-1'),
    );
    await expect
      .poll(async () => (await t.app.confirmations.list('pending', 5)).length, { timeout: 5_000 })
      .toBe(1);
    const [pending] = await t.app.confirmations.list('pending', 5);
    expect(pending).toMatchObject({
      skill: 'self_improve',
      level: 'PRIVILEGED',
      simulation: {
        summary: expect.stringMatching(
          /^Would propose a change to app\.py: \+1 -1 lines; safety gate ALLOW\./,
        ),
        details: {
          path: 'app.py',
          gate: { decision: 'ALLOW' },
          diff: expect.stringContaining('+    return f"good day, {name}"'),
        },
      },
    });
    await client.inject({
      method: 'POST',
      url: `/api/confirmations/${pending?.confirmation_id}/approve`,
    });
    const outcome = await running;
    expect(outcome.status).toBe('done');
    expect(outcome.modelText).toMatch(/^Proposal \S+ for app\.py is waiting for the operator/);

    // It proposes; it never applies.
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe(TREE_FILES['app.py']);
    const listed = (await client.inject({ url: '/api/self-improve/proposals' })).json().proposals;
    expect(listed[0]).toMatchObject({
      path: 'app.py',
      status: 'pending',
      origin: 'skill',
      created_by: 'agent',
      rationale: 'More polite',
    });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'skill.self_improve' });
    expect(entries[0]).toMatchObject({
      target: 'app.py',
      actor: 'agent',
      detail: { status: 'done' },
    });
  });

  it('lists and reads the tree in FULL mode, and refuses paths that lead out', async () => {
    await setMode('FULL');
    try {
      const run = context('req-si-2');
      const listing = await t.app.skillRunner.run('self_improve', { action: 'list' }, run);
      expect(listing.status).toBe('done');
      expect(listing.modelText).toContain('app.py (');
      expect(listing.modelText).toContain('util/');
      expect(listing.modelText).not.toContain('leak.txt');

      const read = await t.app.skillRunner.run(
        'self_improve',
        { action: 'read', path: 'util/strings.ts' },
        run,
      );
      expect(read.modelText).toContain(TREE_FILES['util/strings.ts']);

      for (const input of [
        { action: 'read', path: '../outside/secret.txt' },
        { action: 'read', path: 'leak.txt' },
        { action: 'list', dir: 'escape' },
        { action: 'propose', path: '/etc/cron.d/x', content: 'x', rationale: 'no' },
      ]) {
        const refused = await t.app.skillRunner.run('self_improve', input, run);
        expect(refused.status, JSON.stringify(input)).toBe('error');
        expect(refused.modelText).toMatch(/^Error: Path refused: /);
        expect(refused.modelText).not.toContain('top secret');
      }
      const invalid = await t.app.skillRunner.run(
        'self_improve',
        { action: 'propose', path: 'app.py' },
        run,
      );
      expect(invalid.modelText).toMatch(/^Error: Invalid input: /);
      expect(await readFile(tree.file('app.py'), 'utf8')).toBe(TREE_FILES['app.py']);
    } finally {
      await setMode('SEMI');
    }
  });

  it('is offered only while its feature flag is on', async () => {
    await t.app.configuration.setFlag('self_improve_skill', false, 'admin', null);
    const names = async () => (await t.app.skills.available()).map((skill) => skill.name);
    expect(await names()).not.toContain('self_improve');
    await t.app.configuration.setFlag('self_improve_skill', true, 'admin', null);
    expect(await names()).toContain('self_improve');
  });
});
