import { type Client, type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const POEM = 'Roses are red, the runtime is green, and every streamed word arrives on the screen.';

/** Types a message into the composer and sends it with Enter, as an operator would. */
async function sendMessage(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
}

async function setAutonomy(client: Client, mode: 'SEMI' | 'MANUAL' | 'FULL'): Promise<void> {
  const response = await client.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode } });
  expect(response.statusCode).toBe(200);
}

describeInBrowser('dashboard: chat, confirmations and the live feed', () => {
  let runtime: BrowserRuntime;
  let fake: FakeModelServer;
  let admin: Client;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    runtime = await startBrowserRuntime({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghij',
        OPENAI_BASE_URL: fake.baseUrl,
        DEFAULT_MODEL: `openai/${fake.models[0]}`,
      },
    });
    admin = await runtime.server.login();
  });
  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
  });

  test('streams a reply word by word and keeps it after a reload', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/chat');
    await page.getByText('Start the conversation').waitFor();
    expect(await page.title()).toBe('Chat · Agent Runtime');

    // Shift+Enter is a new line, not a send.
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Write me a short poem');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('about operators.');
    expect(await composer.inputValue()).toBe('Write me a short poem\nabout operators.');
    expect(await page.getByTestId('user-message').count()).toBe(0);

    fake.queue({ text: POEM, firstChunkDelayMs: 200, chunkDelayMs: 250 });
    await composer.press('Enter');

    const streaming = page.getByTestId('assistant-streaming');
    await streaming.filter({ hasText: 'Roses' }).waitFor();
    expect(await streaming.getAttribute('aria-live')).toBe('polite');
    // Part of the reply is on screen before the rest has been written.
    expect(await streaming.textContent()).not.toContain('screen.');
    expect(await composer.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Stop' }).waitFor();

    const reply = page.getByTestId('assistant-message').filter({ hasText: POEM });
    await reply.waitFor({ timeout: 20_000 });
    expect(await streaming.count()).toBe(0);
    expect(await composer.isDisabled()).toBe(false);
    await page.getByTestId('reply-tier').getByText('Model loop').waitFor();
    const traceHref = await page.getByRole('link', { name: 'View trace' }).getAttribute('href');
    expect(traceHref).toMatch(/^\/traces\/[0-9a-f-]{36}$/);

    // The chat is in the URL and, once the reply is done, in the list.
    const chatId = new URL(page.url()).searchParams.get('chat');
    expect(chatId).toMatch(/^chat-[a-z0-9]+-[a-z0-9]+$/);
    const listed = page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', {
      name: /Write me a short poem/,
    });
    await listed.waitFor();
    expect(await listed.getAttribute('aria-current')).toBe('page');

    // After a reload both messages come from the messages API.
    await page.reload();
    await page.getByTestId('assistant-message').filter({ hasText: POEM }).waitFor();
    expect(await page.getByTestId('user-message').textContent()).toContain(
      'Write me a short poem\nabout operators.',
    );
    const saved = await admin.inject({ url: `/api/chats/${chatId}/messages` });
    expect(saved.json<{ messages: { role: string; content: string }[] }>().messages).toEqual([
      expect.objectContaining({ role: 'user' }),
      expect.objectContaining({ role: 'assistant', content: POEM }),
    ]);
    expect(problems).toEqual([]);
  });

  test('waits for the operator to approve a skill, then finishes the reply', async () => {
    await setAutonomy(admin, 'MANUAL');
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/chat');
    await page.getByText('Start the conversation').waitFor();

    fake.queue(
      { toolCalls: [{ name: 'calculate', input: { expression: '6*7' } }] },
      { text: 'The answer is 42.' },
    );
    await sendMessage(page, 'Use your calculator skill to multiply six by seven for me.');

    const card = page.getByTestId('confirmation-card');
    await card.waitFor();
    await card.getByText('Approval needed').waitFor();
    expect(await card.getByTestId('confirmation-input').textContent()).toContain('"6*7"');
    await card.getByText('SAFE', { exact: true }).waitFor();
    await page
      .locator(
        '[data-testid="progress-step"][data-skill="calculate"][data-status="awaiting_confirmation"]',
      )
      .waitFor();

    // The header shows it too, with the count.
    const badge = page.getByTestId('confirmations-badge');
    await badge.waitFor();
    expect(await page.getByTestId('confirmations-count').textContent()).toBe('1');
    expect(await badge.getAttribute('aria-label')).toBe('1 pending confirmation');

    await card.getByRole('button', { name: 'Approve' }).click();

    await page
      .getByTestId('assistant-message')
      .filter({ hasText: 'The answer is 42.' })
      .waitFor({ timeout: 20_000 });
    await page
      .locator('[data-testid="progress-step"][data-skill="calculate"][data-status="done"]')
      .waitFor();
    expect(await page.getByTestId('confirmation-outcome').textContent()).toBe('Approved by admin');
    await badge.waitFor({ state: 'detached' });

    // The model got the skill's result back.
    const toolResult = JSON.stringify(fake.requests.at(-1)?.body.messages ?? []);
    expect(toolResult).toContain('42');

    // A reload reads the same turn back from the runtime: tier, step, confirmation and outcome.
    const live = await page.getByTestId('assistant-turn').last().innerText();
    await page.reload();
    const turn = page.getByTestId('assistant-turn').filter({ hasText: 'The answer is 42.' });
    await turn.waitFor();
    await turn
      .locator('[data-testid="progress-step"][data-skill="calculate"][data-status="done"]')
      .waitFor();
    // Who decided is read by the confirmation's id once the thread is in.
    await expect
      .poll(() => turn.getByTestId('confirmation-outcome').textContent())
      .toBe('Approved by admin');
    expect(await turn.getByTestId('reply-tier').textContent()).toBe('Model loop');
    expect(await turn.innerText()).toBe(live);
    expect(problems).toEqual([]);
  });

  test('shows a denied step when the operator says no', async () => {
    await setAutonomy(admin, 'MANUAL');
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/chat');
    await page.getByText('Start the conversation').waitFor();

    fake.queue(
      { toolCalls: [{ name: 'calculate', input: { expression: '2+2' } }] },
      { text: 'I was not allowed to run the calculation.' },
    );
    await sendMessage(page, 'Use your calculator skill to add two and two for me.');

    const card = page.getByTestId('confirmation-card');
    await card.getByRole('button', { name: 'Deny' }).click();

    await page
      .locator('[data-testid="progress-step"][data-skill="calculate"][data-status="denied"]')
      .waitFor();
    await page
      .getByTestId('assistant-message')
      .filter({ hasText: 'not allowed' })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('confirmation-outcome').textContent()).toBe('Denied by admin');
    expect(await page.getByTestId('confirmations-badge').count()).toBe(0);

    await page.reload();
    const turn = page.getByTestId('assistant-turn').filter({ hasText: 'not allowed' });
    await turn
      .locator('[data-testid="progress-step"][data-skill="calculate"][data-status="denied"]')
      .waitFor();
    await expect
      .poll(() => turn.getByTestId('confirmation-outcome').textContent())
      .toBe('Denied by admin');
    expect(problems).toEqual([]);
  });

  test('stops a reply on request, and shows a failed one inline and as a toast', async () => {
    await setAutonomy(admin, 'SEMI');
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/chat');
    await page.getByText('Start the conversation').waitFor();

    fake.queue({ text: 'This reply is far too slow to wait for.', chunkDelayMs: 1_000 });
    const aborted = fake.aborted.length;
    await sendMessage(page, 'Tell me something slowly.');
    await page.getByTestId('assistant-streaming').filter({ hasText: 'This' }).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByTestId('chat-stopped').waitFor();
    // Closing the stream cancelled the work on the runtime, down to the model call.
    await expect.poll(() => fake.aborted.length).toBe(aborted + 1);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    // The provider refuses the key: the reply fails with the runtime's message.
    fake.queue({ status: 401 });
    await sendMessage(page, 'Tell me something that will fail.');
    const failure = page.getByTestId('chat-error');
    await failure.waitFor({ timeout: 20_000 });
    // The runtime's own message is shown (ModelError is not exposed yet, so it is a generic one).
    expect(await failure.textContent()).toMatch(/^The reply failed.+/);
    await page.getByRole('alert').filter({ hasText: 'The reply failed' }).first().waitFor();

    // Neither saved a message, yet a reload shows both where they happened, as they were shown.
    await page.reload();
    await page.getByTestId('chat-error').waitFor();
    const thread = page.getByRole('region', { name: 'Conversation' });
    const users = await thread.getByTestId('user-message').allInnerTexts();
    expect(users.map((text) => text.split('\n')[0])).toEqual([
      'Tell me something slowly.',
      'Tell me something that will fail.',
    ]);
    expect(await thread.getByTestId('chat-stopped').count()).toBe(1);
    expect(await thread.getByTestId('chat-error').count()).toBe(1);
    expect(await page.getByTestId('assistant-turn').first().innerText()).toContain('This');
    expect(problems).toEqual([]);
  });

  test('keeps background runs out of the conversation list unless asked for', async () => {
    for (const chatId of ['goal:0190bbbb-0000-7000-8000-000000000001', 'e2e-operator-chat']) {
      const sent = await admin.inject({
        method: 'POST',
        url: '/chat',
        payload: { text: '7*6', chat_id: chatId },
      });
      expect(sent.statusCode).toBe(200);
    }
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/chat');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await list.locator('[data-chat-id="e2e-operator-chat"]').waitFor();
    expect(await list.locator('[data-origin="goal"]').count()).toBe(0);

    await page.getByRole('switch', { name: /Background runs/ }).check();
    const goalChat = list.locator('[data-chat-id="goal:0190bbbb-0000-7000-8000-000000000001"]');
    await goalChat.waitFor();
    expect((await goalChat.innerText()).toLowerCase()).toContain('goal');
    expect(await list.locator('[data-chat-id="e2e-operator-chat"]').count()).toBe(1);
  });

  test('follows runtime events on the live page, and pauses the view', async () => {
    await setAutonomy(admin, 'SEMI');
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/live');
    await page.locator('[data-testid="live-connection"][data-state="live"]').waitFor();
    await page.getByText('Waiting for events').waitFor();

    const chat = async (text: string) => {
      const response = await admin.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: 'e2e-live' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ request_id: string }>().request_id;
    };
    const requestId = await chat('Say hello to the live page.');

    const finish = page.locator('tr[data-live-event="request-finish"]');
    await finish.waitFor();
    expect(await finish.textContent()).toContain('finished ok');
    await page.locator('tr[data-live-event="request-start"]').getByText('admin asked').waitFor();
    const link = finish.getByRole('link');
    expect(await link.getAttribute('href')).toBe(`/traces/${requestId}`);

    // Filter chips hide a kind of event.
    await page.getByRole('group', { name: 'Event types' }).getByText('request-start').click();
    await page.locator('tr[data-live-event="request-start"]').waitFor({ state: 'detached' });
    expect(await finish.count()).toBe(1);

    // Paused, the view stays as it is while events keep arriving.
    await page.getByRole('button', { name: 'Pause' }).click();
    await chat('Say hello again.');
    await page
      .getByTestId('live-buffered')
      .getByText(/[1-9]\d* new events? waiting/)
      .waitFor();
    expect(await finish.count()).toBe(1);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('tr[data-live-event="request-finish"]').length === 2,
    );
    expect(problems).toEqual([]);
  });

  test('shows an environment-pinned default model and the variables behind a provider', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/models');
    await page.getByTestId('default-pinned').waitFor();
    expect(await page.getByRole('form', { name: 'Default model' }).count()).toBe(0);
    await page.getByText('OPENAI_BASE_URL').first().waitFor();
    expect(problems).toEqual([]);
  });
});
