import {
  type Client,
  type FakeModelServer,
  type OtlpReceiver,
  startFakeOpenAi,
  startOtlpReceiver,
} from '@agent-runtime/core/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const LEVELS = ['SAFE', 'MONITORED', 'CONTROLLED', 'RESTRICTED', 'PRIVILEGED'];

/** Polls until the locator matches exactly `count` elements. */
async function waitForCount(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(
    ({ selector: css, count: expected }) => document.querySelectorAll(css).length === expected,
    { selector, count },
  );
}

describeInBrowser('dashboard: traces, skills, models and identity', () => {
  let runtime: BrowserRuntime;
  let client: Client;
  let fake: FakeModelServer;
  let receiver: OtlpReceiver;
  const requestIds: Record<string, string> = {};

  beforeAll(async () => {
    // Traces exported, so each decision trace carries its OpenTelemetry trace id.
    receiver = await startOtlpReceiver();
    runtime = await startBrowserRuntime({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
    });
    fake = await startFakeOpenAi({ models: ['e2e-small', 'e2e-large'] });
    client = await runtime.server.login();
    for (const [text, chatId] of [
      ['2+2', 'e2e-a'],
      ['help', 'e2e-b'],
    ] as const) {
      const response = await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: chatId },
      });
      expect(response.statusCode).toBe(200);
      requestIds[chatId] = response.json<{ request_id: string }>().request_id;
    }
  });
  afterAll(async () => {
    await fake?.close();
    await runtime?.close();
    await receiver?.close();
  });

  test('lists traces, filters by chat id and opens one with its guard chain', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/traces');
    const rows = page.locator('tr[data-trace-id]');
    await waitForCount(page, 'tr[data-trace-id]', 2);
    expect(await rows.filter({ hasText: 'e2e-a' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'e2e-b' }).count()).toBe(1);
    expect(await page.getByTestId('traces-count').textContent()).toBe('All 2 traces shown');
    // The OTel trace column: the first 8 hex digits of each row's OpenTelemetry trace.
    const listed = await client.inject({ method: 'GET', url: '/api/traces' });
    for (const trace of listed.json<{
      traces: Array<{ request_id: string; otel_trace_id: string }>;
    }>().traces)
      expect(await page.locator(`tr[data-trace-id="${trace.request_id}"]`).textContent()).toContain(
        trace.otel_trace_id.slice(0, 8),
      );

    const filters = page.getByRole('form', { name: 'Trace filters' });
    await filters.getByLabel('Chat id').fill('e2e-a');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/[?&]chat_id=e2e-a/);
    await waitForCount(page, 'tr[data-trace-id]', 1);
    expect(await rows.first().getAttribute('data-trace-id')).toBe(requestIds['e2e-a']);

    // A tier that did not answer this chat leaves nothing.
    await filters.getByLabel('Tier').click();
    await page.getByRole('option', { name: 'Model loop' }).click();
    await page.waitForURL(/[?&]tier=llm_loop/);
    await page.getByText('No traces match these filters').waitFor();
    await page.goBack();
    await waitForCount(page, 'tr[data-trace-id]', 1);

    await rows.first().click();
    await page.waitForURL(`**/traces/${requestIds['e2e-a']}`);
    expect(await page.getByTestId('trace-request-id').textContent()).toBe(requestIds['e2e-a']);
    const stored = await client.inject({
      method: 'GET',
      url: `/api/traces/${requestIds['e2e-a']}`,
    });
    const otelTraceId = stored.json<{ otel_trace_id: string }>().otel_trace_id;
    expect(otelTraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(await page.getByTestId('trace-otel-id').textContent()).toBe(otelTraceId);
    const chain = page.getByRole('list', { name: 'Guard chain' });
    await chain.waitFor();
    const guards = await chain.getByRole('listitem').allInnerTexts();
    expect(guards.length).toBeGreaterThanOrEqual(3);
    expect(guards.join('\n')).toContain('input_guard');
    expect(guards.join('\n')).toContain('output_guard');
    expect(await page.getByTestId('trace-input').textContent()).toBe('2+2');
    expect(await page.getByTestId('trace-reply').textContent()).toContain('4');

    // The back link returns to the filtered list.
    await page.getByRole('link', { name: 'Back to the filtered traces' }).click();
    await page.waitForURL(/\/traces\?chat_id=e2e-a$/);
    await waitForCount(page, 'tr[data-trace-id]', 1);

    // An unknown id is a page of its own, not a toast.
    await page.goto('/traces/no-such-request');
    await page.getByText('No trace with this request id').waitFor();
    expect(await page.title()).toBe('Traces · Agent Runtime');
    expect(problems).toEqual([]);
  });

  test('lists the skills with their levels and switches the autonomy mode', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    // The page lists every skill the API knows, built-in and custom alike.
    const listed = await client.inject({ method: 'GET', url: '/api/skills' });
    const total = listed.json<{ skills: unknown[] }>().skills.length;
    expect(total).toBeGreaterThan(7);

    await page.goto('/skills');
    const rows = page.locator('tr[data-skill]');
    await waitForCount(page, 'tr[data-skill]', total);
    const levels = await rows.locator('td:nth-child(3)').allInnerTexts();
    expect(levels).toHaveLength(total);
    for (const level of levels) expect(LEVELS).toContain(level.trim());
    await page.getByTestId('mode-SEMI').getByText('Current').waitFor();

    // A skill opens to show its input schema.
    await rows
      .filter({ hasText: 'calculate' })
      .getByRole('button', { name: 'Show input schema' })
      .click();
    expect(await page.getByTestId('input-schema').textContent()).toContain('"properties"');

    const modes = page.getByRole('radiogroup', { name: 'Autonomy mode' });
    await modes.getByText('MANUAL', { exact: true }).click();
    await page.getByTestId('mode-MANUAL').getByText('Current').waitFor();
    await page.getByText(`${total} of ${total} ask first in MANUAL mode`).waitFor();

    await page.reload();
    await page.getByTestId('mode-MANUAL').getByText('Current').waitFor();
    await page.getByText(`${total} of ${total} ask first in MANUAL mode`).waitFor();

    // FULL asks first; cancelling leaves the mode as it was.
    await modes.getByText('FULL', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to full autonomy?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const autonomy = await client.inject({ method: 'GET', url: '/api/autonomy' });
    expect(autonomy.json()).toMatchObject({ mode: 'MANUAL' });
    expect(problems).toEqual([]);
  });

  test('adds a provider, tests it, picks a default from its catalog and removes it', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/models');
    await page.getByTestId('default-model').getByText('Not chosen').waitFor();
    await page.getByRole('button', { name: 'Add provider' }).first().click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Add provider' });
    // OpenAI-compatible is the preselected kind; its base URL is required.
    await form.getByLabel('Label').fill('E2E fake');
    expect(await form.getByLabel('Provider id').inputValue()).toBe('e2e-fake');
    await form.getByRole('button', { name: 'Add provider' }).click();
    await form.getByText('An OpenAI-compatible provider needs its base URL.').waitFor();
    await form.getByLabel('Base URL').fill(fake.baseUrl);
    await form.getByRole('button', { name: 'Add provider' }).click();
    await form.waitFor({ state: 'hidden' });

    const card = page.locator('[data-provider="e2e-fake"]');
    await card.getByText('Dashboard').waitFor();
    await card.getByText('No key').waitFor();
    await card.getByRole('button', { name: 'Test' }).click();
    await card
      .getByTestId('provider-test-result')
      .getByText(/lists 2 models/)
      .waitFor();

    // The catalog, searched, sets the default.
    await card.getByRole('button', { name: 'Models' }).click();
    const drawer = page.getByRole('dialog', { name: 'Models of E2E fake' });
    await drawer.locator('tr[data-model]').first().waitFor();
    await drawer.getByLabel('Search').fill('large');
    await waitForCount(page, 'tr[data-model]', 1);
    await drawer
      .locator('tr[data-model="e2e-large"]')
      .getByRole('button', { name: 'Make default' })
      .click();
    await drawer
      .locator('tr[data-model="e2e-large"]')
      .getByText('Default', { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('default-model').textContent()).toBe('e2e-large');
    const overview = await client.inject({ method: 'GET', url: '/api/models' });
    expect(overview.json()).toMatchObject({
      default: { provider_id: 'e2e-fake', model: 'e2e-large' },
    });

    await card.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove E2E fake?' });
    await confirm.getByRole('button', { name: 'Remove provider' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('default-model').getByText('Not chosen').waitFor();
    await page.getByText('No model provider is configured').waitFor();
    expect(problems).toEqual([]);
  });

  test('renames the agent, and the new name stays after a reload', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/identity');
    await page.getByTestId('identity-name').waitFor();
    await page.getByRole('button', { name: 'Edit identity' }).click();
    const form = page.getByRole('form', { name: 'Edit identity' });
    await form.getByLabel('Name').fill('E2E Agent');
    await form.getByLabel('Persona').fill('Calm, precise and brief.');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await page.getByTestId('identity-name').textContent()).toBe('E2E Agent');

    await page.reload();
    await page.getByTestId('identity-name').getByText('E2E Agent').waitFor();
    expect(await page.getByTestId('identity-persona').textContent()).toBe(
      'Calm, precise and brief.',
    );
    expect(problems).toEqual([]);
  });

  test('shows recent traces and pending confirmations on the overview', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/overview');
    const recent = page.getByRole('table', { name: 'Recent traces' });
    await recent.locator('tr[data-trace-id]').first().waitFor();
    expect(await recent.locator('tr[data-trace-id]').count()).toBe(2);
    expect(await page.getByTestId('pending-confirmations').textContent()).toBe('0');

    // Newest first: the help request was sent last.
    await recent.locator('tr[data-trace-id]').first().getByRole('link').click();
    await page.waitForURL(`**/traces/${requestIds['e2e-b']}`);
    await page.getByRole('list', { name: 'Guard chain' }).waitFor();
    expect(problems).toEqual([]);
  });

  test('pages traces with Load more and shows a blocked request in full', async () => {
    const { traces } = runtime.server.app;
    for (let n = 0; n < 60; n += 1) {
      const blocked = n === 59;
      await traces.insert({
        request_id: `e2e-bulk-${String(n).padStart(3, '0')}`,
        chat_id: 'e2e-bulk',
        tier: 'llm_loop',
        status: blocked ? 'error' : 'ok',
        latency_ms: 100 + n,
        model: 'fake/e2e-small',
        tokens: { input: 10, output: 5, total: 15 },
        cost_usd: null,
        guard_chain: [
          { guard: 'secret_redaction', verdict: 'pass', detail: 'no secrets in the request' },
          {
            guard: 'input_guard',
            verdict: blocked ? 'block' : 'pass',
            detail: blocked ? 'injection signals in the request' : 'no injection signals',
          },
        ],
        steps: [
          {
            skill: 'http_request',
            status: 'denied',
            duration_ms: 3,
            level: 'RESTRICTED',
            error: 'denied by the operator',
          },
        ],
        input: `bulk request ${n}`,
        reply: '',
        error: blocked ? 'blocked by input_guard' : null,
      });
    }
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/traces?chat_id=e2e-bulk');
    await waitForCount(page, 'tr[data-trace-id]', 50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await waitForCount(page, 'tr[data-trace-id]', 60);
    expect(await page.getByTestId('traces-count').textContent()).toBe('All 60 traces shown');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const ids = await page
      .locator('tr[data-trace-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-trace-id')));
    expect(new Set(ids).size).toBe(60);
    expect(ids[0]).toBe('e2e-bulk-059');

    await page.locator('tr[data-trace-id="e2e-bulk-059"]').click();
    await page.waitForURL('**/traces/e2e-bulk-059');
    await page.getByRole('alert').getByText('blocked by input_guard').waitFor();
    const chain = page.getByRole('list', { name: 'Guard chain' });
    expect(await chain.getByRole('listitem').nth(1).textContent()).toContain('block');
    const step = page.getByRole('table', { name: 'Steps' }).getByRole('row').nth(1);
    expect(await step.textContent()).toMatch(
      /http_request.*RESTRICTED.*denied.*denied by the operator/,
    );
    expect(problems).toEqual([]);
  });
});
