import type { Client } from '@agent-runtime/core/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestTree, type TestTree } from '../../core/src/modules/selfimprove/test-tree';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/** Opens the palette from the keyboard and types into its search field. */
async function paletteSearch(page: Page, text: string) {
  // The shortcut exists once the layout has mounted; its header button shows when it has.
  await page.getByRole('button', { name: 'Search (Ctrl+K)' }).waitFor();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search pages, actions and records' });
  const palette = page.getByRole('dialog').filter({ has: search });
  await search.waitFor();
  // The palette's focus trap moves focus to the search a task after it mounts (Mantine's
  // use-focus-trap): on a loaded machine the field can be visible before it has the focus.
  await expect
    .poll(() => search.evaluate((element) => element === document.activeElement))
    .toBe(true);
  await page.keyboard.type(text);
  return palette;
}

/** A dialog moves focus inside once it has opened; keys pressed before that go elsewhere. */
async function focusedWithin(dialog: Locator) {
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

describeInBrowser('dashboard: command palette and /cmd', () => {
  let runtime: BrowserRuntime;
  let tree: TestTree;
  let client: Client;
  let goalId: string;
  let requestId: string;
  let proposalId: string;

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await client.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const mode = async () =>
    (await client.inject({ method: 'GET', url: '/api/autonomy' })).json().mode as string;

  beforeAll(async () => {
    tree = await createTestTree();
    runtime = await startBrowserRuntime({ env: { APP_SRC_DIR: tree.dir } });
    client = await runtime.server.login();
    goalId = (
      await post('/api/goals', { objective: 'Reconcile the quarterly invoices', priority: 6 })
    ).goal_id;
    await post('/api/agents', {
      name: 'ledger-keeper',
      objective: 'Keeps the ledger',
      priority: 3,
    });
    await post('/api/behavioral-rules', { text: 'Always quote ledger entries verbatim.' });
    proposalId = (
      await post('/api/self-improve/proposals', {
        path: 'util/strings.ts',
        content: 'export const shout = (text: string) => text.toUpperCase() + "?";\n',
        rationale: 'Ledger headings read as questions',
      })
    ).proposal_id;
    requestId = (await post('/chat', { text: 'what is 12 * 12', chat_id: 'ledger-desk' }))
      .request_id;
  });
  afterAll(async () => {
    await runtime?.close();
    await tree?.remove();
  });

  test('Ctrl+K opens from any page, even inside a text field, and Enter opens a record', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Message' }).focus();

    const palette = await paletteSearch(page, 'quarterly invoices');
    const goals = palette.getByRole('group', { name: 'Goals' });
    await goals.getByText('Reconcile the quarterly invoices').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/goals/${goalId}`);
    await palette.waitFor({ state: 'hidden' });

    // Escape closes without doing anything; the header button opens it for a mouse.
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
    await palette.waitFor();
    expect(problems).toEqual([]);
  });

  test('finds traces by request id and chat id, pages, agents, rules and audit actions', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/overview');

    let palette = await paletteSearch(page, requestId);
    await palette.getByRole('group', { name: 'Traces' }).getByText('what is 12 * 12').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/traces/${requestId}`);

    palette = await paletteSearch(page, 'ledger-desk');
    await palette.getByText('Traces of chat ledger-desk').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/traces?chat_id=ledger-desk');

    // Any part of an id will do: the middle of a request id, a piece of a chat id.
    palette = await paletteSearch(page, requestId.slice(9, 18).toUpperCase());
    const traces = palette.getByRole('group', { name: 'Traces' });
    await traces.getByText('what is 12 * 12').waitFor();
    await traces.getByText('what is 12 * 12').click();
    await page.waitForURL(`**/traces/${requestId}`);
    palette = await paletteSearch(page, 'ER-DE');
    const chats = palette.getByRole('group', { name: 'Chats' });
    await chats.getByText('ledger-desk', { exact: false }).first().waitFor();
    await chats.getByText('what is 12 * 12').click();
    await page.waitForURL('**/chat?chat=ledger-desk');
    await page.getByTestId('assistant-message').filter({ hasText: '144' }).waitFor();

    // Arrows move past the first entry: pages match before records.
    palette = await paletteSearch(page, 'ledger');
    await palette.getByRole('group', { name: 'Agents' }).getByText('ledger-keeper').waitFor();
    await palette.getByRole('group', { name: 'Behavioral rules' }).waitFor();
    await palette.getByRole('group', { name: 'Self-improve proposals' }).waitFor();
    const labels = await palette.locator('[data-action]').allInnerTexts();
    const agentIndex = labels.findIndex((text) => text.includes('ledger-keeper'));
    for (let step = 0; step < agentIndex; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/);
    await page.getByText('Keeps the ledger').first().waitFor();

    palette = await paletteSearch(page, 'audit log');
    await palette.getByRole('group', { name: 'Pages' }).getByText('Audit log').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/audit');

    palette = await paletteSearch(page, 'goal.create');
    await palette.getByRole('group', { name: 'Audit actions' }).getByText('goal.create').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/audit?action=goal.create');
  });

  test('creates a goal and switches the autonomy mode from the keyboard, confirmed', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/overview');

    await paletteSearch(page, 'new goal');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Create goal' });
    // The dialog moves focus to its first field once it has opened; typing starts there.
    const objective = form.getByRole('textbox', { name: 'Objective' });
    await expect
      .poll(() => objective.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Archive the ledger of last year');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/goals\/[0-9a-f-]{36}$/);
    const created = (await client.inject({ method: 'GET', url: '/api/goals' }))
      .json()
      .goals.find((goal: { objective: string }) => goal.objective.startsWith('Archive the ledger'));
    expect(page.url()).toContain(created.goal_id);

    // FULL asks first, with Cancel focused: a second Enter gives nothing away.
    let palette = await paletteSearch(page, 'autonomy full');
    await palette.getByText('Switch autonomy mode to FULL').waitFor();
    await page.keyboard.press('Enter');
    const full = page.getByRole('dialog', { name: 'Switch to full autonomy?' });
    await focusedWithin(full);
    await page.keyboard.press('Enter');
    await full.waitFor({ state: 'hidden' });
    expect(await mode()).toBe('SEMI');

    palette = await paletteSearch(page, 'autonomy full');
    await page.keyboard.press('Enter');
    await focusedWithin(full);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('The runtime now runs in FULL mode (Full autonomy).').waitFor();
    expect(await mode()).toBe('FULL');

    // The current mode is not offered; another one is, confirmed with Enter.
    palette = await paletteSearch(page, 'autonomy');
    await palette.getByText('Switch autonomy mode to SEMI').waitFor();
    expect(await palette.getByText('Switch autonomy mode to FULL').count()).toBe(0);
    await page.keyboard.press('Enter');
    const semi = page.getByRole('dialog', { name: 'Switch to SEMI mode?' });
    await focusedWithin(semi);
    await page.keyboard.press('Enter');
    await semi.waitFor({ state: 'hidden' });
    expect(await mode()).toBe('SEMI');
    expect(problems).toEqual([]);
  });

  test('/cmd keeps the search in the URL and opens results from the keyboard', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/cmd?q=ledger');
    expect(await page.title()).toBe('Command palette · Agent Runtime');
    const results = page.getByRole('listbox', { name: 'Results' });
    await results.getByRole('group', { name: 'Agents' }).getByText('ledger-keeper').waitFor();
    await results.getByRole('group', { name: 'Behavioral rules' }).waitFor();
    const proposal = results
      .getByRole('group', { name: 'Self-improve proposals' })
      .getByRole('option', { name: /util\/strings\.ts/ });
    await proposal.waitFor();

    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('invoices');
    await page.waitForURL('**/cmd?q=invoices');
    const goal = results.getByRole('option', { name: /Reconcile the quarterly invoices/ });
    await goal.waitFor();
    // Down to the goal, then Enter.
    while ((await goal.getAttribute('aria-selected')) !== 'true') await search.press('ArrowDown');
    await search.press('Enter');
    await page.waitForURL(`**/goals/${goalId}`);

    // A proposal's result scrolls its card into view on the self-improve page.
    await page.goto('/cmd?q=questions');
    await results.getByRole('option', { name: /util\/strings\.ts/ }).click();
    await page.waitForURL(`**/self-improve#proposal-${proposalId}`);
    const card = page.locator(`#proposal-${proposalId}`);
    await card.waitFor();
    expect(await card.isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});
