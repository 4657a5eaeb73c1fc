import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Trace } from '../traces/traces.schema.js';
import type { MemoryItem } from './memory.schema.js';

/**
 * Memory in use, end to end through the fake model: what the agent learns in one chat reaches
 * the prompt of another, pinned blocks ride along always, and a retracted item stops coming.
 */
describe.each(await sqlTestBackends())('memory in the model context (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let chats = 0;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    t = await createTestApp({
      sql: backend,
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const chat = async (text: string, chatId = `mem-${++chats}`) => {
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text, chat_id: chatId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { request_id: string; reply: string };
  };
  const trace = async (id: string) =>
    (await client.inject({ method: 'GET', url: `/api/traces/${id}` })).json() as Trace;
  const modelCalls = () => model.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const lastSystemPrompt = () => String(modelCalls().at(-1)?.body.messages[0].content);
  const createItem = async (payload: Record<string, unknown>) => {
    const response = await client.inject({ method: 'POST', url: '/api/memory/items', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as MemoryItem;
  };

  it('sends no memory section while memory is empty', async () => {
    const reply = await chat('What is a good name for a cat?');
    expect(lastSystemPrompt()).not.toContain('memory');
    expect((await trace(reply.request_id)).memory_items).toEqual([]);
  });

  it("uses a fact the agent wrote in one chat in another chat's prompt, and records it in the trace", async () => {
    const fact = "Ana, the operator's sister, lives in Porto and teaches physics.";
    model.queue(
      { toolCalls: [{ name: 'memory_write', input: { path: 'Facts/People/Ana', text: fact } }] },
      { text: 'I will remember that.' },
    );
    await chat('My sister Ana lives in Porto and teaches physics. Remember it.');
    const [item] = (await t.app.memory.list({ limit: 5, q: 'Porto' })).items;
    expect(item).toMatchObject({
      text: fact,
      path: 'facts/people/ana',
      status: 'active',
      created_by: 'agent',
      source_kind: 'chat',
    });
    await t.app.audit.flush();
    const audit = await t.app.audit.list({ limit: 5, action: 'skill.memory_write' });
    expect(audit.entries[0]).toMatchObject({
      target: item?.id,
      detail: { level: 'CONTROLLED', status: 'done' },
    });

    const later = await chat('Which city does Ana live in?');
    expect(lastSystemPrompt()).toContain(fact);
    expect(lastSystemPrompt()).toContain(`[${item?.id}]`);
    expect((await trace(later.request_id)).memory_items).toEqual([item?.id]);

    // A message about something else does not drag the fact along.
    const other = await chat('Tell me a joke about compilers.');
    expect(lastSystemPrompt()).not.toContain(fact);
    expect((await trace(other.request_id)).memory_items).toEqual([]);

    // The operator retracts it: the next chat that would have used it goes without.
    const retracted = await client.inject({
      method: 'POST',
      url: `/api/memory/items/${item?.id}/retract`,
      payload: { reason: 'Ana moved to Lisbon' },
    });
    expect(retracted.statusCode, retracted.body).toBe(200);
    const after = await chat('Which city does Ana live in?');
    expect(lastSystemPrompt()).not.toContain(fact);
    expect((await trace(after.request_id)).memory_items).toEqual([]);
    const restored = await client.inject({
      method: 'POST',
      url: `/api/memory/items/${item?.id}/restore`,
      payload: {},
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('always carries pinned blocks with their size against their limit, fresh after an edit', async () => {
    const block = await createItem({
      path: 'core/human',
      kind: 'block',
      text: 'The operator is called Sam.',
      char_limit: 500,
    });
    const first = await chat('hello there');
    expect(lastSystemPrompt()).toContain(
      `<memory_block path="core/human" id="${block.id}" chars="27/500">\nThe operator is called Sam.\n</memory_block>`,
    );
    expect((await trace(first.request_id)).memory_items).toEqual([block.id]);

    model.queue(
      {
        toolCalls: [
          { name: 'memory_replace', input: { id: block.id, old: 'Sam', new: 'Samantha' } },
        ],
      },
      { text: 'Noted, Samantha.' },
    );
    await chat('Actually my full name is Samantha.');
    await chat('hello again');
    expect(lastSystemPrompt()).toContain('The operator is called Samantha.');
    const history = (await t.app.memory.detail(block.id)).history;
    expect(history.at(-1)).toMatchObject({ op: 'UPDATE', actor: 'agent' });

    // The limit is the repository's: the agent cannot grow a block past it.
    model.queue(
      {
        toolCalls: [
          {
            name: 'memory_replace',
            input: { id: block.id, old: 'Samantha', new: 'x'.repeat(600) },
          },
        ],
      },
      { text: 'That did not fit.' },
    );
    const refused = await chat('Write a long biography into my block.');
    const step = (await trace(refused.request_id)).steps[0];
    expect(step).toMatchObject({ skill: 'memory_replace', status: 'error' });
    expect(step?.error).toContain('holds at most 500');
    expect((await t.app.memory.get(block.id)).text).toBe('The operator is called Samantha.');
  });

  it('injects near-duplicates once and stays within the token budget', async () => {
    await createItem({ path: 'facts/places/lisbon', text: 'The Lisbon office opens at 9, daily.' });
    await createItem({ path: 'facts/places/lisbon2', text: 'The Lisbon office opens at 9 daily' });
    await chat('When does the Lisbon office open?');
    const prompt = lastSystemPrompt();
    expect(prompt.match(/Lisbon office opens at 9/g)).toHaveLength(1);
  });

  it('stops using an item the agent forgot, which the operator can still see and restore', async () => {
    const item = await createItem({
      path: 'facts/pets/rex',
      text: 'The operator owns a beagle named Rex.',
    });
    await chat('How old is my beagle Rex?');
    expect(lastSystemPrompt()).toContain('beagle named Rex');
    model.queue(
      {
        toolCalls: [
          { name: 'memory_forget', input: { id: item.id, reason: 'Rex was rehomed last year' } },
        ],
      },
      { text: 'Forgotten.' },
    );
    await chat('Forget about Rex, he was rehomed.');
    const after = await chat('What breed is Rex?');
    expect(lastSystemPrompt()).not.toContain('beagle named Rex');
    expect((await trace(after.request_id)).memory_items).not.toContain(item.id);
    const detail = await t.app.memory.detail(item.id);
    expect(detail.item.status).toBe('retracted');
    expect(detail.history.at(-1)).toMatchObject({
      op: 'RETRACT',
      actor: 'agent',
      reason: 'Rex was rehomed last year',
    });
  });

  it('searches memory for the agent, and records a search that found nothing', async () => {
    model.queue(
      { toolCalls: [{ name: 'memory_search', input: { query: 'Porto physics' } }] },
      { text: 'Found it.' },
      { toolCalls: [{ name: 'memory_search', input: { query: 'zeppelin' } }] },
      { text: 'Nothing.' },
    );
    await chat('What do you know about Porto?');
    const toolResult = modelCalls()
      .at(-1)
      ?.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(String(toolResult?.content)).toContain('teaches physics');
    await chat('What do you know about zeppelins?');
    const epistemic = await t.app.memory.epistemic();
    expect(JSON.stringify(epistemic)).toContain('zeppelin');
  });

  it('recalls nothing for small talk, nor for a fact sharing only a word every fact has', async () => {
    const trips: string[] = [];
    for (const [index, city] of ['Braga', 'Faro', 'Evora', 'Aveiro'].entries()) {
      const item = await createItem({
        path: `facts/trips/${index}`,
        text: `The operator visited ${city} by train in spring.`,
      });
      trips.push(item.id);
    }
    const greeting = await chat('Say hello');
    expect(lastSystemPrompt()).not.toContain('Recalled from memory');
    // Pinned blocks ride along; nothing is recalled.
    const carried = (await trace(greeting.request_id)).memory_items;
    expect(carried.filter((id) => trips.includes(id))).toEqual([]);
    // "train" is in every trip; "Faro" in one: only that one is about the question.
    await chat('When did I take the train to Faro?');
    const prompt = lastSystemPrompt();
    expect(prompt).toContain('visited Faro by train');
    expect(prompt).not.toContain('visited Braga');
  });

  // A search made slow on purpose needs a second connection to hold a lock, which PGlite (one
  // session) has not: the budget is a timer around the search, the same on every backend, so
  // PostgreSQL's run covers it. Not defined for PGlite rather than skipped there.
  const onServer = backend === 'pglite' ? () => {} : it;
  onServer(
    'answers without recalled items when recall overruns its time budget, and the trace says so',
    async () => {
      const fact = 'The operator keeps the boat key in the blue tin.';
      const boat = await createItem({ path: 'facts/home/boat', text: fact });
      await t.app.configuration.setParameter('memory_recall_budget_ms', 50, 'admin', null);
      try {
        // Another connection holds the term counts: recall's search waits behind its lock.
        const reply = await t.app.sql.db.connection().execute(async (held) => {
          await sql`begin`.execute(held);
          await sql`lock table memory_terms in access exclusive mode`.execute(held);
          try {
            return await chat('Where is the boat key?');
          } finally {
            await sql`rollback`.execute(held);
          }
        });
        expect(lastSystemPrompt()).not.toContain(fact);
        const recorded = await trace(reply.request_id);
        expect(recorded.memory_items).not.toContain(boat.id);
        expect(recorded.guard_chain).toContainEqual({
          guard: 'memory_recall',
          verdict: 'flag',
          detail: 'memory recall took longer than its 50 ms budget; answered without it',
        });
        await chat('Where is the boat key?');
        expect(lastSystemPrompt()).toContain(fact);
      } finally {
        await t.app.configuration.setParameter('memory_recall_budget_ms', null, 'admin', null);
      }
    },
  );
});
