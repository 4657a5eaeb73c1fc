import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { detectCorrection } from '../../core/src/modules/behavioral/correction';
import {
  expectExplained,
  expectNoToast,
  fieldError,
  formRefusal,
  refuseNext,
} from './support/refusals';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/**
 * The forms that give the agent work, knowledge, rules or code show the runtime's refusal where
 * the operator looks: under the field its `details` name, else the server's message with its code.
 */
describeInBrowser('dashboard: work forms show why the runtime refused', () => {
  let runtime: BrowserRuntime;
  let admin: Client;
  /** A stand-in source tree for self-improve: the runtime's own source is never touched. */
  let sourceDir: string;

  beforeAll(async () => {
    sourceDir = await mkdtemp(path.join(tmpdir(), 'e2e-refusals-source-'));
    await writeFile(path.join(sourceDir, 'app.py'), 'def greet(name):\n    return name\n');
    runtime = await startBrowserRuntime({ env: { APP_SRC_DIR: sourceDir } });
    admin = await runtime.server.login();
  });
  afterAll(async () => {
    await runtime?.close();
    await rm(sourceDir, { recursive: true, force: true });
  });

  async function call<T>(url: string, payload: object): Promise<T> {
    const response = await admin.inject({ method: 'POST', url, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return response.json() as T;
  }

  test('memory item: a path the runtime refuses is marked on the path field', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/memory');
    await page.getByRole('button', { name: 'New item' }).click();
    const dialog = page.getByRole('dialog');
    const path = dialog.getByRole('textbox', { name: 'Path' });
    await path.fill('Facts/Not Lower Case');
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Ana likes tea.');
    await dialog.getByRole('button', { name: 'Write item' }).click();
    expect(await fieldError(path)).toContain('lower-case segments');
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('goal: a refusal without a field shows the message and code, never a bare failure', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/goals');
    await refuseNext(page, 'POST', '/api/goals', 429, {
      error: 'goal_limit',
      message: 'At most 20 goals may be active at once',
    });
    await page.getByRole('button', { name: 'Create goal' }).first().click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Create goal' });
    await form.getByRole('textbox', { name: 'Objective' }).fill('Summarise the quarter');
    await form.getByRole('button', { name: 'Create goal' }).click();
    const refusal = await formRefusal(form);
    expect(refusal).toContain('At most 20 goals may be active at once');
    expect(refusal).toContain('goal_limit');
    expect(refusal).not.toContain('Request failed');
  });

  test('sub-agent work: the message field carries its detail', async () => {
    const created = await admin.inject({
      method: 'POST',
      url: '/api/agents',
      payload: { name: 'Scribe', objective: 'Write things down.', priority: 5 },
    });
    const agentId = (created.json() as { agent_id: string }).agent_id;
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto(`/agents/${agentId}`);
    await refuseNext(page, 'POST', `/api/agents/${agentId}/messages`, 400, {
      error: 'validation_error',
      message: 'Invalid body',
      details: [{ path: '/text', message: 'names a secret the agent must not be sent' }],
    });
    const composer = page.getByRole('form', { name: 'Send work' });
    const text = composer.getByRole('textbox', { name: 'Message to the agent' });
    await text.fill('Here is the key sk-live-1234');
    await composer.getByRole('button', { name: 'Send' }).click();
    expect(await fieldError(text)).toContain('names a secret');
  });

  test('behavioral rule: a refused keyword is marked on the keywords field', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/behavioral-rules');
    await page.getByRole('button', { name: 'New rule' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New behavioral rule' });
    await dialog.getByRole('textbox', { name: 'Rule' }).fill('Show invoice totals in a table.');
    await dialog
      .getByRole('radiogroup', { name: 'Trigger type' })
      .getByText('Keywords', { exact: true })
      .click();
    const keywords = dialog.getByRole('combobox', { name: 'Keywords' });
    await keywords.fill('invoice');
    await keywords.press('Enter');
    await refuseNext(page, 'POST', '/api/behavioral-rules', 400, {
      error: 'validation_error',
      message: 'Invalid rule',
      details: [
        { path: '/trigger/keywords/0', message: 'is a stop word and would match anything' },
      ],
    });
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    expect(await fieldError(keywords)).toContain('is a stop word');
  });

  test('price alert: the threshold carries its detail, an unknown path is listed with it', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/subscriptions');
    await page.getByRole('button', { name: 'Add price alert' }).click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Add price alert' });
    await form.getByRole('combobox', { name: 'Quote source' }).click();
    await page.getByRole('option', { name: /^json_url/ }).click();
    await form.getByRole('textbox', { name: 'Quote URL' }).fill('https://quotes.example/{symbol}');
    await form.getByRole('textbox', { name: 'Price at' }).fill('data.price');
    await form.getByRole('textbox', { name: 'Symbol' }).fill('ACME');
    const threshold = form.getByRole('textbox', { name: 'Threshold' });
    await threshold.fill('100');
    await refuseNext(page, 'POST', '/api/subscriptions', 400, {
      error: 'validation_error',
      message: 'Invalid subscription',
      details: [
        { path: '/threshold', message: 'must be above zero' },
        { path: '/currency', message: 'is not a currency the source quotes' },
      ],
    });
    await form.getByRole('button', { name: 'Set alert' }).click();
    expect(await fieldError(threshold)).toContain('Must be above zero');
    const refusal = await formRefusal(form);
    expect(refusal).toContain('/currency: is not a currency the source quotes');
    expect(refusal).toContain('validation_error');
  });
  test('memory item edit: a path the runtime refuses is marked on the path field', async () => {
    const item = await call<{ id: string }>('/api/memory/items', {
      path: 'facts/team',
      kind: 'fact',
      text: 'The release team meets on Thursdays.',
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto(`/memory?item=${item.id}`);
    const detail = page.getByLabel('Item detail');
    await detail.getByRole('button', { name: 'Edit' }).click();
    const itemPath = detail.getByRole('textbox', { name: 'Path' });
    await itemPath.fill('Facts/Not Lower Case');
    await detail.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(itemPath)).toContain('lower-case segments');
    await expectNoToast(page);
  });

  test('rule proposal and delete: the pattern under its field, a refused delete with its code', async () => {
    const message = 'No, always answer in French.';
    const correction = detectCorrection(message);
    if (!correction) throw new Error(`not a correction: ${message}`);
    const proposal = await runtime.server.app.behavioralProposals.propose(correction, {
      message,
      chatId: 'chat-e2e-refusals',
      actor: 'admin',
    });
    if (!proposal) throw new Error(`not proposed: ${message}`);
    const rule = await call<{ rule_id: string }>('/api/behavioral-rules', {
      text: 'Greet the operator by name.',
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/behavioral-rules');
    await page
      .locator(`[data-proposal-id="${proposal.proposal_id}"]`)
      .getByRole('button', { name: 'Edit and approve' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Approve the proposed rule' });
    await dialog
      .getByRole('radiogroup', { name: 'Trigger type' })
      .getByText('Regex', { exact: true })
      .click();
    const pattern = dialog.getByRole('textbox', { name: 'Pattern' });
    await pattern.fill('(a+)+');
    await dialog.getByRole('button', { name: 'Approve rule' }).click();
    expect(await fieldError(pattern)).toContain(
      'must not repeat a group that contains a quantifier',
    );
    await expectNoToast(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await refuseNext(page, 'DELETE', `/api/behavioral-rules/${rule.rule_id}`, 404, {
      error: 'not_found',
      message: 'No such behavioral rule',
    });
    await page
      .locator(`tr[data-rule-id="${rule.rule_id}"]`)
      .getByRole('button', { name: 'Delete' })
      .click();
    const remove = page.getByRole('dialog', { name: 'Delete this rule?' });
    await remove.getByRole('button', { name: 'Delete rule' }).click();
    expectExplained(await formRefusal(remove), 'No such behavioral rule', 'not_found');
  });

  test('self-improve: an apply the runtime cannot check says why in its dialog', async () => {
    const proposal = await call<{ proposal_id: string }>('/api/self-improve/proposals', {
      path: 'app.py',
      content: 'def greet(name):\n    return f"hello {name}"\n',
      rationale: 'Greet properly',
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/self-improve');
    const unavailable =
      'Python syntax cannot be checked with python3: spawn python3 ENOENT. Set PYTHON_BIN.';
    await refuseNext(page, 'POST', `/api/self-improve/${proposal.proposal_id}/apply`, 503, {
      error: 'syntax_check_unavailable',
      message: unavailable,
    });
    await page
      .locator(`[data-proposal-id="${proposal.proposal_id}"]`)
      .getByRole('button', { name: 'Apply' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Apply the patch to app.py?' });
    await dialog.getByRole('button', { name: 'Apply patch' }).click();
    const refusal = await formRefusal(dialog);
    expectExplained(refusal, unavailable, 'syntax_check_unavailable');
    expect(refusal).toContain('HTTP 503');
    await expectNoToast(page);
  });
});
