import type { Client } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fieldError, formRefusal, refuseNext } from './support/refusals';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/**
 * The forms that give the agent work or knowledge show the runtime's refusal where the operator
 * looks: under the field its `details` name, else the server's message with its code.
 */
describeInBrowser('dashboard: work forms show why the runtime refused', () => {
  let runtime: BrowserRuntime;
  let admin: Client;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
    admin = await runtime.server.login();
  });
  afterAll(async () => {
    await runtime?.close();
  });

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
});
