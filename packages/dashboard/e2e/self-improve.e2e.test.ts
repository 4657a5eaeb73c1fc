import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/** A stand-in source tree: the runtime's own source is never touched by this test. */
const FILES: Record<string, string> = {
  'app.py': 'def greet(name):\n    return f"hello {name}"\n',
  'util.py': 'def double(x):\n    return x * 2\n',
  'notes.txt': 'first note\n',
};

describeInBrowser('dashboard: self-improve', () => {
  let runtime: BrowserRuntime;
  let client: Client;
  let sourceDir: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    sourceDir = await mkdtemp(path.join(tmpdir(), 'e2e-source-'));
    for (const [name, content] of Object.entries(FILES))
      await writeFile(path.join(sourceDir, name), content);
    runtime = await startBrowserRuntime({ env: { APP_SRC_DIR: sourceDir } });
    client = await runtime.server.login();
    for (const [file, content, rationale] of [
      ['app.py', 'def greet(name):\n    return (name,\n', 'Return a tuple'],
      ['util.py', 'def double(x):\n    return x + x\n', 'Addition reads better'],
      ['notes.txt', 'second note\n', 'Not wanted'],
    ] as const) {
      const response = await client.inject({
        method: 'POST',
        url: '/api/self-improve/proposals',
        payload: { path: file, content, rationale },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[file] = response.json<{ proposal_id: string }>().proposal_id;
    }
  });
  afterAll(async () => {
    await runtime?.close();
    await rm(sourceDir, { recursive: true, force: true });
  });

  test('applies, refuses and rejects proposals, and lists the applied patch', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/self-improve');
    expect(await page.title()).toBe('Self-improve · Agent Runtime');
    const card = (file: string) => page.locator(`[data-proposal-id="${ids[file]}"]`);
    await card('notes.txt').waitFor();
    expect(await page.locator('[data-proposal-id]').count()).toBe(3);

    // The diff viewer: numbered lines, added and removed ones marked.
    const diff = card('util.py').getByRole('table', { name: 'Diff of util.py' });
    expect(await diff.locator('tr[data-diff-row="removed"]').textContent()).toBe(
      '2-    return x * 2',
    );
    expect(await diff.locator('tr[data-diff-row="added"]').textContent()).toBe(
      '2+    return x + x',
    );

    // Invalid Python: the dialog shows the gate, the card then shows the syntax error.
    await card('app.py').getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply the patch to app.py?' });
    await dialog.getByTestId('gate-verdict').getByText('Gate ALLOW', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Apply patch' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card('app.py')
      .getByTestId('apply-error')
      .getByText("Syntax error — patch rejected: '(' was never closed (line 2)")
      .waitFor();
    expect(await readFile(path.join(sourceDir, 'app.py'), 'utf8')).toBe(FILES['app.py']);

    // A valid patch: applied, with its backup path; it leaves the pending list.
    await card('util.py').getByRole('button', { name: 'Apply' }).click();
    const second = page.getByRole('dialog', { name: 'Apply the patch to util.py?' });
    await second.getByRole('button', { name: 'Apply patch' }).click();
    const result = page.getByTestId('apply-result');
    await result.waitFor();
    const patchesDir = path.join(runtime.server.sql.dataDir, 'src_patches');
    const backup = await result.getByTestId('backup-path').textContent();
    expect(backup).toMatch(
      new RegExp(
        `^${patchesDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/backup_\\d{8}T\\d{6}_util\\.py$`,
      ),
    );
    expect(await result.getByTestId('applied-path').textContent()).toBe(
      path.join(sourceDir, 'util.py'),
    );
    expect(await readFile(backup ?? '', 'utf8')).toBe(FILES['util.py']);
    expect(await readFile(path.join(sourceDir, 'util.py'), 'utf8')).toBe(
      'def double(x):\n    return x + x\n',
    );
    await card('util.py').waitFor({ state: 'detached' });

    // The history lists the persisted patch with its digest.
    const history = page.getByRole('table', { name: 'Applied patches' });
    const row = history.locator('tr[data-patch]');
    await row.waitFor();
    const name = await row.getAttribute('data-patch');
    const patchText = await readFile(path.join(patchesDir, `${name}.patch`));
    const digest = createHash('sha256').update(patchText).digest('hex');
    expect(await row.getByTestId('patch-digest').getAttribute('title')).toBe(digest);
    expect(await row.textContent()).toContain('util.py');

    // Reject the third: it leaves the list and is dismissed.
    await card('notes.txt').getByRole('button', { name: 'Reject' }).click();
    await card('notes.txt').waitFor({ state: 'detached' });
    const dismissed = await client.inject({
      url: `/api/self-improve/proposals/${ids['notes.txt']}`,
    });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
    expect(await readFile(path.join(sourceDir, 'notes.txt'), 'utf8')).toBe(FILES['notes.txt']);

    // Only the refused one is still pending, and its error survives a reload.
    await page.reload();
    await card('app.py').getByTestId('apply-error').waitFor();
    expect(await page.locator('[data-proposal-id]').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
