import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Extraction } from './extraction-prompt.js';
import type { Observation } from './memory.schema.js';

/**
 * Extraction after the reply, through the durable queue and the fake model's structured output:
 * the model proposes, code decides what is stored.
 */
describe.each(await sqlTestBackends())('memory extraction (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let chats = 0;
  /** What the fake model proposes for the next extraction call. */
  let proposal: Extraction = { facts: [], entities: [], relations: [] };

  beforeAll(async () => {
    model = await startFakeOpenAi();
    model.respond = (request) =>
      request.body?.response_format ? { text: JSON.stringify(proposal) } : { text: 'Noted.' };
    t = await createTestApp({
      sql: backend,
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
        MEMORY_EXTRACTION: 'true',
      },
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  /** Chats, then waits until the turn's observation has been through extraction. */
  const told = async (text: string): Promise<Observation> => {
    const chatId = `extract-${++chats}`;
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text, chat_id: chatId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const deadline = Date.now() + 25_000;
    for (;;) {
      const [observation] = (await t.app.memory.observations({ chat_id: chatId, limit: 1 }))
        .observations;
      if (observation && ['done', 'failed', 'skipped'].includes(observation.extraction_status))
        return observation;
      if (Date.now() > deadline)
        throw new Error(`extraction did not finish: ${observation?.extraction_status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const extractionCalls = () =>
    model.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.response_format);

  it('stores the turn redacted, then keeps the operator’s facts active and the agent’s provisional', async () => {
    proposal = {
      facts: [
        {
          text: 'Tiago, the operator’s brother, works at Acme in Braga.',
          kind: 'fact',
          path: 'facts/people/tiago',
          confidence: 0.9,
          said_by: 'user',
          op: 'ADD',
          target: null,
          entities: ['Tiago', 'Acme'],
          valid_at: null,
        },
        {
          text: 'Acme is the largest employer in northern Portugal.',
          kind: 'fact',
          path: 'facts/orgs/acme',
          confidence: 0.9,
          // Claimed as the operator's, but only the agent said it: code keeps it provisional.
          said_by: 'user',
          op: 'ADD',
          target: null,
          entities: ['Acme'],
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
    model.queue({ text: 'Acme is the largest employer in northern Portugal, by the way.' });
    const observation = await told(
      'My brother Tiago works at Acme in Braga. My key is sk-live-abcdefghijklmnopqrstuvwx',
    );
    expect(observation.extraction_status).toBe('done');
    expect(observation.content).toContain('User: My brother Tiago works at Acme in Braga.');
    expect(observation.content).not.toContain('sk-live-abcdefghijklmnopqrstuvwx');
    expect(JSON.stringify(extractionCalls().at(-1)?.body)).not.toContain(
      'sk-live-abcdefghijklmnopqrstuvwx',
    );
    const items = (await t.app.memory.list({ limit: 10, observation_id: observation.id })).items;
    const byText = (part: string) => items.find((item) => item.text.includes(part));
    expect(byText('works at Acme')).toMatchObject({
      status: 'active',
      created_by: 'extractor',
      source_kind: 'chat',
      request_id: observation.request_id,
    });
    expect(byText('largest employer')).toMatchObject({ status: 'provisional' });
    expect(byText('works at Acme')?.entity_ids).toHaveLength(2);
    const detail = await t.app.memory.observation(observation.id);
    expect(detail.relations).toHaveLength(1);
    expect(detail.entities.map((e) => e.name).sort()).toEqual(['Acme', 'Braga', 'Tiago']);
  });

  it('drops exact and near duplicates unless the model named the memory it updates', async () => {
    const before = (await t.app.memory.list({ limit: 50 })).items.length;
    const fact = (text: string, op: 'ADD' | 'UPDATE', target: number | null) => ({
      text,
      kind: 'fact' as const,
      path: 'facts/people/tiago',
      confidence: 0.9,
      said_by: 'user' as const,
      op,
      target,
      entities: [],
      valid_at: null,
    });
    proposal = {
      facts: [
        fact('Tiago, the operator’s brother, works at Acme in Braga', 'ADD', null),
        fact('Tiago the operator’s brother works at Acme in Braga!', 'ADD', null),
      ],
      entities: [],
      relations: [],
    };
    await told('Again: Tiago, my brother, works at Acme in Braga.');
    expect((await t.app.memory.list({ limit: 50 })).items).toHaveLength(before);

    // Named by index 0 (the only known memory the search finds first): superseded, not doubled.
    const [known] = (await t.app.memory.list({ limit: 1, q: 'Tiago Acme Braga' })).items;
    proposal = {
      facts: [
        fact('Tiago, the operator’s brother, works at Acme in Braga as an engineer.', 'UPDATE', 0),
      ],
      entities: [],
      relations: [],
    };
    const observation = await told('Tiago, my brother, works at Acme in Braga as an engineer.');
    const prompt = String(extractionCalls().at(-1)?.body.messages.at(-1).content);
    expect(prompt).toContain(`0. ${known?.text}`);
    const old = await t.app.memory.get(known?.id ?? '');
    expect(old.status).toBe('superseded');
    const [added] = (await t.app.memory.list({ limit: 5, observation_id: observation.id })).items;
    expect(old.superseded_by).toBe(added?.id);
  });

  it('ends a relation only for a later one in world time', async () => {
    const relation = (target: string, validAt: string) => ({
      source: 'Tiago',
      relation: 'lives_in',
      target,
      fact: `Tiago lives in ${target}.`,
      valid_at: validAt,
      invalid_at: null,
      replaces_previous: true,
    });
    const entities = (target: string) => [
      { name: 'Tiago', type: 'person', same_as: -1 },
      { name: target, type: 'place', same_as: -1 },
    ];
    // Earlier in the world than Braga (2024): stored as history, Braga stays current.
    proposal = {
      facts: [],
      entities: entities('Lisbon'),
      relations: [relation('Lisbon', '2019-05-01')],
    };
    await told('Tiago lived in Lisbon back in 2019.');
    const tiago = (await t.app.memory.entities({ q: 'Tiago', limit: 5 })).find(
      (e) => e.name === 'Tiago',
    );
    let timeline = await t.app.memory.entity(tiago?.id ?? '', 20);
    const current = () => timeline.relations.filter((r) => r.expired_at === null);
    expect(current()).toHaveLength(2);
    const lisbon = timeline.relations.find((r) => r.fact.includes('Lisbon'));
    expect(lisbon?.invalid_at?.slice(0, 10)).toBe('2024-01-01');

    // Later than Braga: Braga ends where Porto starts.
    proposal = {
      facts: [],
      entities: entities('Porto'),
      relations: [relation('Porto', '2026-03-01')],
    };
    await told('Tiago moved to Porto in March 2026.');
    timeline = await t.app.memory.entity(tiago?.id ?? '', 20);
    const braga = timeline.relations.find((r) => r.fact.includes('Braga'));
    expect(braga?.expired_at).not.toBeNull();
    expect(braga?.invalid_at?.slice(0, 10)).toBe('2026-03-01');
    expect(
      current()
        .map((r) => r.fact)
        .sort(),
    ).toEqual(['Tiago lives in Lisbon.', 'Tiago lives in Porto.']);
  });

  it('links an entity only by exact name or the model’s explicit choice, never by likeness', async () => {
    proposal = {
      facts: [],
      entities: [{ name: 'Tiago Silva', type: 'person', same_as: -1 }],
      relations: [],
    };
    await told('Tiago Silva called today.');
    const people = await t.app.memory.entities({ q: 'Tiago', type: 'person', limit: 10 });
    expect(people.map((e) => e.name).sort()).toEqual(['Tiago', 'Tiago Silva']);
  });

  it('stores and searches observations with extraction off, and says it is off', async () => {
    await t.app.memorySettings.update({ extraction_enabled: false }, 'admin');
    try {
      const calls = extractionCalls().length;
      const chatId = `extract-off-${++chats}`;
      await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text: 'The boat is called Marujo.', chat_id: chatId },
      });
      let found: Observation | undefined;
      for (let i = 0; i < 50 && !found; i++) {
        found = (await t.app.memory.observations({ chat_id: chatId, limit: 1 })).observations[0];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(found?.extraction_status).toBe('skipped');
      const hits = await t.app.memory.search({
        q: 'Marujo',
        scope: 'observations',
        limit: 5,
        statuses: ['active'],
        mode: 'lexical',
      });
      expect(hits.hits[0]).toMatchObject({ type: 'observation' });
      const status = (await client.inject({ method: 'GET', url: '/api/memory/status' })).json();
      expect(status.extraction).toMatchObject({ enabled: false, reason: 'disabled' });
      expect(extractionCalls()).toHaveLength(calls);
    } finally {
      await t.app.memorySettings.update({ extraction_enabled: true }, 'admin');
    }
  });
});
