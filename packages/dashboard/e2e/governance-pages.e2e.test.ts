import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Client, type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { detectCorrection } from '../../core/src/modules/behavioral/correction';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/**
 * Screenshots for a person to look at, when SCREENSHOT_DIR is set: the whole page, or the
 * viewport scrolled to `scrollTo` on a long one.
 */
async function snapshot(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  await scrollTo?.scrollIntoViewIfNeeded();
  // Toasts and tooltips settle before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: !scrollTo });
}

/** Writes one custom skill folder: its manifest and its files. */
async function writeSkill(
  dataDir: string,
  name: string,
  manifest: Record<string, unknown>,
  files: Record<string, string>,
): Promise<void> {
  const folder = path.join(dataDir, 'skills', name);
  await mkdir(folder, { recursive: true });
  for (const [file, content] of Object.entries(files))
    await writeFile(path.join(folder, file), content);
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

describeInBrowser('dashboard: configuration, behavioral rules, custom skills', () => {
  let runtime: BrowserRuntime;
  let fake: FakeModelServer;
  let admin: Client;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    runtime = await startBrowserRuntime({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghij',
        OPENAI_BASE_URL: fake.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
    });
    admin = await runtime.server.login();
  });
  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
  });

  test('edits prime.md, lists and restores versions, and survives a conflicting save', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/config');
    expect(await page.title()).toBe('Configuration · Agent Runtime');
    await page.getByText('Never saved: nothing is added to prompts yet.').waitFor();
    await page.getByText('No versions yet').waitFor();

    const editor = page.getByRole('textbox', { name: 'prime.md' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const note = page.getByRole('textbox', { name: 'Note' });
    expect(await save.isDisabled()).toBe(true);

    await editor.fill('Answer in British English.\nKeep replies short.');
    await page.getByTestId('prime-dirty').getByText('Unsaved changes on version 0').waitFor();
    await note.fill('House style');
    await save.click();
    await page.getByTestId('prime-version').getByText('Version 1, saved by admin').waitFor();
    const history = page.getByRole('list', { name: 'prime.md versions' });
    const version = (n: number) => history.getByRole('listitem', { name: `Version ${n}` });
    await version(1).getByText('House style').waitFor();

    await editor.fill('Answer in French.');
    await note.fill('Switch to French');
    await save.click();
    await page.getByTestId('prime-version').getByText('Version 2, saved by admin').waitFor();
    await version(2).getByText('Current').waitFor();
    expect(await version(1).getByText('Current').count()).toBe(0);
    await snapshot(page, 'config-prime');

    // View shows an old version's whole text.
    await version(1).getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'prime.md version 1' });
    expect(await dialog.getByTestId('prime-version-content').textContent()).toBe(
      'Answer in British English.\nKeep replies short.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Restore makes version 1's text the newest version.
    await version(1).getByRole('button', { name: 'Restore version 1' }).click();
    await version(3).getByText('Restored from v1').waitFor();
    await page.getByTestId('prime-version').getByText('Version 3, saved by admin').waitFor();
    expect(await editor.inputValue()).toBe('Answer in British English.\nKeep replies short.');
    const current = await admin.inject({ url: '/api/config/prime' });
    expect(current.json()).toMatchObject({
      version: 3,
      content: 'Answer in British English.\nKeep replies short.',
    });

    // Someone else saves while this edit is open: the save is refused and explained.
    await editor.fill('Answer in German.');
    const other = await admin.inject({
      method: 'PUT',
      url: '/api/config/prime',
      payload: { content: 'Answer in Spanish.', base_version: 3, note: 'From a script' },
    });
    expect(other.statusCode).toBe(200);
    await save.click();
    const conflict = page.getByTestId('prime-conflict');
    await conflict.getByText('prime.md was changed by someone else').waitFor();
    await snapshot(page, 'config-prime-conflict');
    expect(await editor.inputValue()).toBe('Answer in German.');
    await conflict.getByRole('button', { name: 'Load the latest (discard my edits)' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await editor.inputValue()).toBe('Answer in Spanish.');
    await page.getByTestId('prime-version').getByText('Version 4, saved by admin').waitFor();
    await version(4).getByText('From a script').waitFor();
    expect(problems).toEqual([]);
  });

  test('switches feature flags, confirming a safeguard, and sets a runtime parameter', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/config');
    await page.getByRole('tab', { name: /Feature flags/ }).click();
    await page.waitForURL(/\/config\?tab=flags$/);
    await page.getByTestId('flags-summary').getByText('All 12 on').waitFor();

    const flag = (name: string) => page.locator(`[data-flag="${name}"]`);
    const flagState = async (name: string) =>
      (await admin.inject({ url: '/api/config/flags' }))
        .json<{ flags: { name: string; enabled: boolean }[] }>()
        .flags.find((entry) => entry.name === name)?.enabled;

    // An ordinary flag switches at once.
    await flag('web_search').getByRole('switch', { name: 'web_search' }).click({ force: true });
    await page.locator('[data-flag="web_search"][data-enabled="false"]').waitFor();
    expect(await flagState('web_search')).toBe(false);

    // A safeguard asks first; cancelling leaves it on.
    const safeguard = flag('grounder_corrections').getByRole('switch', {
      name: 'grounder_corrections',
    });
    await safeguard.click({ force: true });
    const confirm = page.getByRole('dialog', { name: 'Turn off grounder_corrections?' });
    await confirm.getByText(/uncorrected/).waitFor();
    await snapshot(page, 'config-flag-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await safeguard.isChecked()).toBe(true);
    expect(await flagState('grounder_corrections')).toBe(true);
    await safeguard.click({ force: true });
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await page.locator('[data-flag="grounder_corrections"][data-enabled="false"]').waitFor();
    expect(await flagState('grounder_corrections')).toBe(false);

    // Both stay off after a reload, with who changed them.
    await page.reload();
    await page.getByTestId('flags-summary').getByText('10 of 12 on').waitFor();
    expect(await flag('web_search').getByRole('switch').isChecked()).toBe(false);
    expect(await flag('grounder_corrections').getByTestId('flag-changed').textContent()).toMatch(
      /^Turned off by admin/,
    );
    expect(await flag('model_free_tiers').getByTestId('flag-changed').textContent()).toBe(
      'Default: on, never changed',
    );
    await snapshot(page, 'config-flags');
    // Turning a safeguard back on needs no confirmation.
    await safeguard.click({ force: true });
    await page.locator('[data-flag="grounder_corrections"][data-enabled="true"]').waitFor();
    await flag('web_search').getByRole('switch').click({ force: true });
    await page.getByTestId('flags-summary').getByText('All 12 on').waitFor();

    // Parameters: readable units, the API's bounds as a field error, persisted after a reload.
    await page.getByRole('tab', { name: /Runtime parameters/ }).click();
    await page.waitForURL(/\/config\?tab=parameters$/);
    const parameter = (name: string) => page.locator(`tr[data-parameter="${name}"]`);
    expect(
      await parameter('confirmation_timeout_ms').getByTestId('parameter-value').textContent(),
    ).toBe('10 min');
    expect(
      await parameter('context_token_budget').getByTestId('parameter-value').textContent(),
    ).toBe('6,000 tokens');
    expect(await parameter('fetch_max_bytes').getByTestId('parameter-value').textContent()).toBe(
      '2 MiB',
    );
    await parameter('fetch_max_bytes').getByTestId('needs-restart').waitFor();
    expect(await parameter('model_max_steps').getByTestId('needs-restart').count()).toBe(0);
    await snapshot(page, 'config-parameters');

    await parameter('model_max_steps')
      .getByRole('button', { name: 'Edit model_max_steps' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit model_max_steps' });
    const value = edit.getByRole('textbox', { name: 'Value' });
    await value.fill('500');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('must be a whole number from 1 to 50').waitFor();
    await snapshot(page, 'config-parameter-error');
    await value.fill('12');
    await edit.getByTestId('parameter-preview').getByText('12').waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await parameter('model_max_steps').getByTestId('parameter-value').getByText('12').waitFor();

    await page.reload();
    const steps = parameter('model_max_steps');
    expect(await steps.getByTestId('parameter-value').textContent()).toBe('12');
    expect(await steps.getByTestId('parameter-source').textContent()).toBe('Operator');
    const stored = await admin.inject({ url: '/api/config/parameters' });
    expect(
      stored
        .json<{ parameters: { name: string; value: number; source: string }[] }>()
        .parameters.find((entry) => entry.name === 'model_max_steps'),
    ).toMatchObject({ value: 12, source: 'operator' });

    // Reset returns it to the environment's value.
    await steps.getByRole('button', { name: 'Reset model_max_steps' }).click();
    await steps.getByTestId('parameter-source').getByText('Environment').waitFor();
    expect(await steps.getByTestId('parameter-value').textContent()).toBe('8');
    expect(problems).toEqual([]);
  });

  test('creates, toggles, filters, edits and deletes a behavioral rule', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/behavioral-rules');
    expect(await page.title()).toBe('Behavioral rules · Agent Runtime');
    await page.getByText('No behavioral rules yet').waitFor();
    await page.getByTestId('no-proposals').waitFor();

    await page.getByRole('button', { name: 'New rule' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New behavioral rule' });
    await dialog.getByRole('textbox', { name: 'Rule' }).fill('Show invoice totals in a table.');
    const triggers = dialog.getByRole('radiogroup', { name: 'Trigger type' });

    // A pattern the runtime refuses is named next to the field.
    await triggers.getByText('Regex', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Pattern' }).fill('(a+)+');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.getByText(/must not repeat a group that contains a quantifier/).waitFor();
    await snapshot(page, 'rules-regex-error');

    // Keywords: none is refused here, then one is added.
    await triggers.getByText('Keywords', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.getByText('Add at least one keyword (press Enter after each).').waitFor();
    const keywords = dialog.getByRole('combobox', { name: 'Keywords' });
    await keywords.fill('invoice');
    await keywords.press('Enter');
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator('tr[data-rule-id]').filter({ hasText: 'Show invoice totals' });
    await row.waitFor();
    const ruleId = (await row.getAttribute('data-rule-id')) ?? '';
    expect(await row.getByTestId('trigger').textContent()).toBe('Keywordsinvoice');
    expect(await row.getByTestId('rule-hits').textContent()).toBe('0');
    const created = await admin.inject({ url: `/api/behavioral-rules/${ruleId}` });
    expect(created.json()).toMatchObject({
      text: 'Show invoice totals in a table.',
      trigger: { type: 'keywords', keywords: ['invoice'] },
      source: 'operator',
      confidence: 1,
      enabled: true,
    });

    // A second rule, so the filters have something to leave out.
    await admin.inject({
      method: 'POST',
      url: '/api/behavioral-rules',
      payload: { text: 'Greet the operator by name.', confidence: 0.4 },
    });
    await page.reload();
    await page.locator('tr[data-rule-id]').nth(1).waitFor();

    // Toggle off.
    await row.getByRole('switch').click({ force: true });
    await page.locator(`tr[data-rule-id="${ruleId}"][data-enabled="false"]`).waitFor();
    expect((await admin.inject({ url: `/api/behavioral-rules/${ruleId}` })).json()).toMatchObject({
      enabled: false,
    });

    // Filters go into the URL and survive a reload.
    const status = page.getByRole('radiogroup', { name: 'Status' });
    await status.getByText('Disabled', { exact: true }).click();
    await page.waitForURL(/\/behavioral-rules\?enabled=false$/);
    await page.getByTestId('rules-count').getByText('1 rule matches').waitFor();
    await status.getByText('Enabled', { exact: true }).click();
    await page.waitForURL(/\/behavioral-rules\?enabled=true$/);
    await row.waitFor({ state: 'detached' });
    await page.getByText('Greet the operator by name.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL(/\/behavioral-rules$/);
    await page
      .getByTestId('rules-count')
      .getByText(/^\d+ rules?$/)
      .waitFor();
    const search = page.getByRole('textbox', { name: 'Search rule text' });
    // Once, in a full suite run on a loaded machine, the URL never took the text (20 s); the cause
    // is not known. The search is typed again, up to three times, and must end up in the URL.
    for (let attempt = 1; ; attempt++) {
      await search.fill('INVOICE');
      await search.press('Enter');
      const searched = await page
        .waitForURL(/\/behavioral-rules\?q=INVOICE$/, { timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (searched) break;
      if (attempt === 3) throw new Error(`the search never reached the URL: ${page.url()}`);
    }
    await page.getByTestId('rules-count').getByText('1 rule matches').waitFor();
    await page.reload();
    await row.waitFor();
    expect(await page.getByText('Greet the operator by name.').count()).toBe(0);
    expect(await search.inputValue()).toBe('INVOICE');
    await snapshot(page, 'rules-filtered');

    // Edit: the text and a regex trigger.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit behavioral rule' });
    await edit
      .getByRole('textbox', { name: 'Rule' })
      .fill('Show invoice totals in a Markdown table.');
    await edit.getByRole('radiogroup', { name: 'Trigger type' }).getByText('Regex').click();
    await edit.getByRole('textbox', { name: 'Pattern' }).fill('\\binvoices?\\b');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Show invoice totals in a Markdown table.').waitFor();
    expect((await admin.inject({ url: `/api/behavioral-rules/${ruleId}` })).json()).toMatchObject({
      trigger: { type: 'regex', pattern: '\\binvoices?\\b' },
      enabled: false,
    });

    // Delete asks first.
    await row.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this rule?' });
    await remove.getByText('Show invoice totals in a Markdown table.').waitFor();
    await remove.getByRole('button', { name: 'Delete rule' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No rule matches these filters').waitFor();
    expect((await admin.inject({ url: `/api/behavioral-rules/${ruleId}` })).statusCode).toBe(404);
    expect(problems).toEqual([]);
  });

  test('approves a proposal learned from a correction, edited first, and rejects another', async () => {
    const proposals = runtime.server.app.behavioralProposals;
    const propose = async (message: string) => {
      const correction = detectCorrection(message);
      if (!correction) throw new Error(`not a correction: ${message}`);
      const proposal = await proposals.propose(correction, {
        message,
        chatId: 'chat-e2e-corrections',
        actor: 'admin',
      });
      if (!proposal) throw new Error(`not proposed: ${message}`);
      return proposal;
    };
    const emojis = await propose("Don't use emojis when writing emails.");
    const french = await propose('No, always answer in French.');

    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/behavioral-rules');
    const card = (id: string) => page.locator(`[data-proposal-id="${id}"]`);
    await card(emojis.proposal_id).waitFor();
    expect(await page.getByTestId('pending-count').textContent()).toBe('2');
    expect(await card(emojis.proposal_id).getByTestId('proposal-correction').textContent()).toBe(
      "Don't use emojis when writing emails.",
    );
    expect(await card(emojis.proposal_id).getByTestId('proposal-text').textContent()).toBe(
      emojis.text,
    );
    await card(emojis.proposal_id).getByTestId('trigger').getByText('emails').waitFor();
    await card(french.proposal_id).getByText('Confidence 60 %').waitFor();
    await snapshot(page, 'rules-proposals');

    // Edit and approve: the rule is made with the operator's wording.
    await card(emojis.proposal_id).getByRole('button', { name: 'Edit and approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the proposed rule' });
    await dialog.getByRole('textbox', { name: 'Rule' }).fill('Never put emojis in emails.');
    await snapshot(page, 'rules-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve rule' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(emojis.proposal_id).waitFor({ state: 'detached' });
    const learned = page
      .locator('tr[data-rule-id]')
      .filter({ hasText: 'Never put emojis in emails.' });
    await learned.waitFor();
    expect(await learned.getByText('Correction', { exact: true }).count()).toBe(1);
    expect(await learned.getByRole('switch').isChecked()).toBe(true);

    // Reject the other: no rule is made.
    await card(french.proposal_id).getByRole('button', { name: 'Reject' }).click();
    await card(french.proposal_id).waitFor({ state: 'detached' });
    await page.getByTestId('no-proposals').waitFor();
    const pending = await admin.inject({ url: '/api/behavioral-rules/pending' });
    expect(pending.json()).toEqual({ proposals: [] });
    const rules = await admin.inject({ url: '/api/behavioral-rules?source=correction' });
    expect(rules.json<{ rules: { text: string }[] }>().rules.map((rule) => rule.text)).toEqual([
      'Never put emojis in emails.',
    ]);
    expect(problems).toEqual([]);
  });

  test('shows the isolation in force and loads custom skill files on Reload', async () => {
    const isolation = (await admin.inject({ url: '/api/sandbox' })).json<{
      mode: string;
      uid: number;
    }>();
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/skills');
    const panel = page.getByTestId('sandbox-isolation');
    await page
      .locator(`[data-testid="sandbox-isolation"][data-mode="${isolation.mode}"]`)
      .waitFor();
    expect(await panel.getByTestId('isolation-mode').textContent()).toContain(isolation.mode);
    expect(await panel.getByTestId('isolation-uid').textContent()).toBe(`uid ${isolation.uid}`);
    await page.getByText('No custom skills').waitFor();

    const dataDir = runtime.server.sql.dataDir;
    await writeSkill(
      dataDir,
      'word_count',
      {
        name: 'word_count',
        description: 'Counts the words of a text.',
        level: 'CONTROLLED',
        language: 'javascript',
        entry: 'count.js',
        input_schema: {
          type: 'object',
          properties: { text: { type: 'string', description: 'The text' } },
          required: ['text'],
        },
      },
      {
        'count.js':
          "let input = '';\nprocess.stdin.on('data', (c) => (input += c));\nprocess.stdin.on('end', () => console.log(JSON.parse(input).text.split(/\\s+/).length));\n",
      },
    );
    await writeSkill(
      dataDir,
      'too_safe',
      {
        name: 'too_safe',
        description: 'Claims to be harmless.',
        level: 'SAFE',
        language: 'python',
        entry: 'main.py',
        input_schema: { type: 'object', properties: {} },
      },
      { 'main.py': 'print("hi")\n' },
    );

    await page.getByRole('button', { name: 'Reload' }).click();
    const loaded = page.locator('tr[data-custom-skill="word_count"]');
    await page.locator('tr[data-custom-skill="word_count"][data-loaded="true"]').waitFor();
    expect(await loaded.getByTestId('custom-skill-status').textContent()).toBe('Loaded');
    expect(await loaded.textContent()).toContain('JavaScript');
    expect(await loaded.textContent()).toContain(path.join(dataDir, 'skills', 'word_count'));
    const failed = page.locator('tr[data-custom-skill="too_safe"][data-loaded="false"]');
    expect(await failed.getByTestId('custom-skill-error').textContent()).toMatch(/level/);
    await page.getByTestId('custom-skills-summary').getByText('1 loaded, 1 failed').waitFor();
    // Loaded, it is installed with the others.
    await page.locator('tr[data-skill="word_count"]').waitFor();
    await page.getByRole('button', { name: /How to add a custom skill/ }).click();
    await page.getByRole('table', { name: 'Manifest fields' }).waitFor();
    await snapshot(page, 'skills-custom', page.getByRole('table', { name: 'Manifest fields' }));
    await snapshot(page, 'skills-isolation', panel);
    expect(problems).toEqual([]);
  });

  test("shows a shell call's dry-run warnings in the chat confirmation, then denies it", async () => {
    const mode = await admin.inject({
      method: 'PUT',
      url: '/api/autonomy',
      payload: { mode: 'SEMI' },
    });
    expect(mode.statusCode).toBe(200);
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/chat');
    await page.getByText('Start the conversation').waitFor();

    fake.queue(
      { toolCalls: [{ name: 'shell', input: { command: 'rm -rf /tmp/x' } }] },
      { text: 'I left the scratch folder alone.' },
    );
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Please tidy up the scratch folder from earlier.');
    await composer.press('Enter');

    const card = page.getByTestId('confirmation-card');
    await card.getByText('Approval needed').waitFor({ timeout: 20_000 });
    await card.getByText('RESTRICTED', { exact: true }).waitFor();
    const warnings = card.getByTestId('simulation-warnings');
    await warnings.getByText('Deletes recursively (rm -r).').waitFor();
    expect(await card.getByTestId('simulation-summary').textContent()).toMatch(
      /^Would run a shell command in the sandbox \(\d+ warning/,
    );
    expect(await card.getByTestId('simulation-details').textContent()).toContain('rm -rf /tmp/x');
    await snapshot(page, 'chat-shell-confirmation');
    // The header's list of waiting calls shows the same dry run.
    await page.getByTestId('confirmations-badge').click();
    await page
      .getByTestId('pending-confirmation')
      .getByTestId('simulation-warnings')
      .getByText('Deletes recursively (rm -r).')
      .waitFor();
    await snapshot(page, 'chat-header-confirmation');
    await page.keyboard.press('Escape');
    await page.getByTestId('pending-confirmation').waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Deny' }).click();
    await page
      .getByTestId('assistant-message')
      .filter({ hasText: 'I left the scratch folder alone.' })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('confirmation-outcome').textContent()).toBe('Denied by admin');
    const audit = await admin.inject({ url: '/api/audit?action=skill.shell' });
    expect(JSON.stringify(audit.json())).toContain('denied by admin');
    expect(problems).toEqual([]);
  });
});
