import { type Client, type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const CHAT_ID = 'memory-pages-1';
const TOLD = 'My brother Tiago works at Acme and has lived in Braga since 2024.';
const FACT = 'Tiago, the operator’s brother, works at Acme.';
const EDITED = 'Tiago, the operator’s younger brother, works at Acme.';

/** What the fake model proposes when the chat turn is sent to extraction. */
const PROPOSAL = {
  facts: [
    {
      text: FACT,
      kind: 'fact',
      path: 'facts/people/tiago',
      confidence: 0.9,
      said_by: 'user',
      op: 'ADD',
      target: null,
      entities: ['Tiago', 'Acme'],
      valid_at: null,
    },
  ],
  entities: [
    { name: 'Tiago', type: 'person', same_as: -1 },
    { name: 'Acme', type: 'organization', same_as: -1 },
    { name: 'Braga', type: 'place', same_as: -1 },
  ],
  relations: [
    {
      source: 'Tiago',
      relation: 'lives in',
      target: 'Braga',
      fact: 'Tiago lives in Braga.',
      valid_at: '2024-01-01',
      invalid_at: null,
      replaces_previous: true,
    },
  ],
};

describeInBrowser('dashboard: memory, knowledge graph, world model, vector memory, brain', () => {
  let runtime: BrowserRuntime;
  let model: FakeModelServer;
  let admin: Client;
  let requestId: string;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    model.respond = (request) =>
      request.body?.response_format ? { text: JSON.stringify(PROPOSAL) } : { text: 'Noted.' };
    runtime = await startBrowserRuntime({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: `openai/${model.models[0]}`,
        MEMORY_EXTRACTION: 'true',
      },
    });
    admin = await runtime.server.login();
    for (const payload of [
      { path: 'persona/style', kind: 'block', text: 'Answer in short sentences.' },
      { path: 'preferences/food', kind: 'preference', text: 'The operator is vegetarian.' },
    ]) {
      const created = await admin.inject({ method: 'POST', url: '/api/memory/items', payload });
      expect(created.statusCode, created.body).toBe(201);
    }
    const chat = await admin.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: TOLD, chat_id: CHAT_ID },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    // Extraction runs after the reply, on the durable queue: wait until it has been through.
    const deadline = Date.now() + 25_000;
    for (;;) {
      const page = await admin.inject({ url: `/api/memory/observations?chat_id=${CHAT_ID}` });
      const [observation] = page.json().observations;
      if (observation?.extraction_status === 'done') {
        requestId = observation.request_id;
        break;
      }
      if (Date.now() > deadline) throw new Error(`extraction: ${observation?.extraction_status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await runtime?.close();
    await model?.close();
  });

  test('shows the graph with an as-of date, the world model, search hits and the brain', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/knowledge-graph');
    expect(await page.title()).toBe('Knowledge graph · Agent Runtime');
    await page.getByRole('img', { name: 'Knowledge graph: 3 entities, 1 relation' }).waitFor();
    const relation = page.getByRole('table', { name: 'Relations' }).getByRole('row', {
      name: 'Tiago lives in Braga.',
    });
    expect(await relation.innerText()).toContain('2024-01-01');
    await page.getByLabel('As of').fill('2020-01-01');
    await page.getByText('Nothing was known as of 2020-01-01').waitFor();
    await page.getByLabel('As of').fill('');
    // Centred on one entity, the graph is its neighbourhood only.
    await page.getByRole('combobox', { name: 'Centre on' }).click();
    await page.getByRole('option', { name: 'Tiago', exact: true }).click();
    await page.getByRole('img', { name: 'Knowledge graph: 2 entities, 1 relation' }).waitFor();

    await page.goto('/world-model');
    await page.getByLabel('Observations').getByText(TOLD).waitFor();
    await page.getByLabel('Entities').getByText('Tiago').click();
    const interval = page
      .getByRole('table', { name: 'Relation intervals' })
      .getByRole('row', { name: 'Tiago lives in Braga.' });
    expect(await interval.innerText()).toContain('2024-01-01 – now');

    await page.goto('/vector-memory');
    expect(await page.getByTestId('search-mode').innerText()).toMatch(/lexical/i);
    await page.getByRole('textbox', { name: 'Query' }).fill('vegetarian');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = page.getByRole('table', { name: 'Search hits' }).getByRole('row', {
      name: 'Hit 1',
    });
    await first.getByText('The operator is vegetarian.').waitFor();
    expect(Number(await first.getByTestId('fused-score').innerText())).toBeGreaterThan(0);

    await page.goto('/brain');
    const pinned = page.getByLabel('Pinned blocks').getByLabel('persona/style');
    expect(await pinned.innerText()).toContain('Answer in short sentences.');
    await page.getByText(/^Level \d+$/).waitFor();
    await page.getByRole('progressbar', { name: 'Experience towards the next level' }).waitFor();

    // /cognitive shows the epistemic state and the integrity report as the API computes them.
    const epistemic = (await admin.inject({ url: '/api/memory/epistemic' })).json();
    expect(epistemic.by_status.active).toBeGreaterThanOrEqual(3);
    await page.goto('/cognitive');
    const active = page
      .getByRole('table', { name: 'Memory items by status and confidence' })
      .getByRole('row', { name: 'active' });
    await active.waitFor();
    expect(await active.innerText()).toMatch(
      new RegExp(`^active\\s+${epistemic.by_status.active}\\s`),
    );
    const provenance = page
      .getByRole('table', { name: 'Integrity checks' })
      .getByRole('row', { name: 'Items without provenance' });
    expect(await provenance.innerText()).toMatch(/\bpass\b/i); // the badge is upper-cased by its style
    expect(problems).toEqual([]);
  });

  test('the world model says why nothing was learned from an observation whose extraction failed', async () => {
    const UNREADABLE = 'Remind me that the boiler service is due in March.';
    // This turn's extraction gets an answer that is not the structure asked for.
    model.respond = (request) =>
      request.body?.response_format
        ? { text: 'Sure! Here are the facts you asked for.' }
        : { text: 'Noted.' };
    const chat = await admin.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: UNREADABLE, chat_id: 'memory-pages-2' },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const deadline = Date.now() + 25_000;
    for (;;) {
      const listed = await admin.inject({ url: '/api/memory/observations?chat_id=memory-pages-2' });
      if (listed.json().observations[0]?.extraction_status === 'failed') break;
      if (Date.now() > deadline) throw new Error('extraction did not fail');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    model.respond = (request) =>
      request.body?.response_format ? { text: JSON.stringify(PROPOSAL) } : { text: 'Noted.' };

    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/world-model');
    const item = page.getByLabel('Observations').locator('.mantine-Timeline-item', {
      hasText: UNREADABLE,
    });
    const note = item.getByTestId('extraction-failure');
    await note.waitFor();
    expect(await note.innerText()).toContain('Nothing was learned from this observation');
    expect(await note.locator('[data-part=why]').innerText()).toContain(
      "The model's answer was not in the shape asked for",
    );
    expect(await note.locator('[data-part=next]').innerText()).toContain('retried up to 3 times');
    await note.getByRole('button', { name: 'Technical detail' }).click();
    await note.getByText(/No object generated/).waitFor();
    // Observations whose extraction worked carry no such note.
    const learned = page.getByLabel('Observations').locator('.mantine-Timeline-item', {
      hasText: TOLD,
    });
    expect(await learned.getByTestId('extraction-failure').count()).toBe(0);
  });

  test('follows a learned fact from /memory to its chat trace, edits it, then retracts it', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/memory');
    await page.getByLabel('Memory paths').getByText('tiago (1)').click();
    await page.getByRole('table', { name: 'Memory items' }).getByText(FACT).click();
    const detail = page.getByLabel('Item detail');
    await detail.getByRole('link', { name: 'Open the trace it came from' }).click();
    await page.waitForURL(`**/traces/${requestId}`);
    expect(await page.getByTestId('trace-input').innerText()).toContain(TOLD);

    await page.goBack();
    await detail.getByRole('button', { name: 'Edit' }).click();
    await detail.getByRole('textbox', { name: 'Text' }).fill(EDITED);
    await detail
      .getByRole('textbox', { name: 'Reason (kept in the history)' })
      .fill('He is younger');
    await detail.getByRole('button', { name: 'Save' }).click();
    await detail.getByTestId('item-text').filter({ hasText: EDITED }).waitFor();
    await detail.getByText('Why: He is younger').waitFor();

    await detail.getByRole('button', { name: 'Retract' }).click();
    await page.getByText('Retracted: it is kept but no longer used').waitFor();
    await detail.getByRole('button', { name: 'Restore' }).waitFor();
    expect(await page.getByLabel('Item detail').getByText('RETRACT', { exact: true }).count()).toBe(
      1,
    );
    const row = page.getByRole('table', { name: 'Memory items' }).getByRole('row', {
      name: EDITED,
    });
    expect(await row.getByTestId('item-status').textContent()).toBe('retracted');
    expect(problems).toEqual([]);
  });
  test('an item the embedding job could not embed says what that means for recall', async () => {
    const listed = await admin.inject({ url: '/api/memory/items?path=preferences/food' });
    const [food] = listed.json().items as { id: string }[];
    // A model the provider does not serve: every embedding call fails.
    const settings = (embedding_model: string | null) =>
      admin.inject({ method: 'PUT', url: '/api/memory/settings', payload: { embedding_model } });
    expect((await settings('openai/no-such-embedder')).statusCode).toBe(200);
    try {
      const deadline = Date.now() + 20_000;
      while (
        (await admin.inject({ url: '/api/memory/status' })).json().embedding.state !== 'failed'
      ) {
        if (Date.now() > deadline) throw new Error('the embedding job did not fail');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const { page } = await openPage(runtime, { signedIn: true });
      const problems = watchPageProblems(page);
      await page.goto(`/memory?item=${food?.id}`);
      const note = page.getByTestId('embedding-failure');
      await note.waitFor();
      expect(await note.innerText()).toContain(
        'Embedding this item with openai/no-such-embedder failed',
      );
      expect(await note.locator('[data-part=next]').innerText()).toContain(
        'Recall still finds it by its words',
      );
      expect(await note.locator('[data-part=why]').innerText()).toBe(
        'The provider does not serve this model, or the key may not use it.',
      );
      await note.getByRole('button', { name: 'Technical detail' }).click();
      await note.getByText('The model does not exist or you do not have access to it.').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await settings(null);
    }
  });
});
