import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(await sqlTestBackends())('memory API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend, env: { MEMORY_EXTRACTION: 'true' } });
    client = await t.login();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown> = {}) =>
    client.inject({ method: 'POST', url, payload });
  const get = async (url: string) => {
    const response = await client.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const create = async (payload: Record<string, unknown>) => {
    const response = await post('/api/memory/items', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('writes, edits, retracts and restores an item, each change in its history and audited', async () => {
    const item = await create({
      path: 'facts/people/ana',
      text: 'Ana prefers tea over coffee.',
      kind: 'preference',
      reason: 'told me at lunch',
    });
    expect(item).toMatchObject({
      status: 'active',
      source_kind: 'operator',
      created_by: 'operator',
      pinned: false,
      chars: 28,
    });
    const edited = await client.inject({
      method: 'PATCH',
      url: `/api/memory/items/${item.id}`,
      payload: { text: 'Ana prefers green tea over coffee.', reason: 'more precise' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ source_kind: 'operator', created_at: item.created_at });

    expect(
      (await post(`/api/memory/items/${item.id}/retract`, { reason: 'wrong' })).json(),
    ).toMatchObject({
      status: 'retracted',
    });
    const twice = await post(`/api/memory/items/${item.id}/retract`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('invalid_transition');
    expect((await post(`/api/memory/items/${item.id}/restore`)).json().status).toBe('active');
    expect((await post(`/api/memory/items/${item.id}/confirm`)).statusCode).toBe(409);

    const detail = await get(`/api/memory/items/${item.id}`);
    expect(detail.history.map((e: { op: string }) => e.op)).toEqual([
      'ADD',
      'UPDATE',
      'RETRACT',
      'RESTORE',
    ]);
    expect(detail.history[1]).toMatchObject({
      old_text: 'Ana prefers tea over coffee.',
      new_text: 'Ana prefers green tea over coffee.',
      actor: 'operator',
      actor_name: 'admin',
      reason: 'more precise',
    });
    expect(detail.history[2]).toMatchObject({ old_status: 'active', new_status: 'retracted' });
    expect(detail.links).toEqual({ trace: null, goal: null });

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 10, action: 'memory.*' });
    expect(entries.map((e) => e.action)).toEqual([
      'memory.restore',
      'memory.retract',
      'memory.update',
      'memory.create',
    ]);
    expect(JSON.stringify(entries)).not.toContain('green tea');
  });

  it('enforces block limits on every operator write path', async () => {
    const block = await create({
      path: 'core/human',
      kind: 'block',
      text: 'The operator is Sam.',
      char_limit: 60,
    });
    expect(block).toMatchObject({ pinned: true, char_limit: 60 });
    const tooLong = 'x'.repeat(61);
    const refusals = [
      await post('/api/memory/items', {
        path: 'core/other',
        kind: 'block',
        text: tooLong,
        char_limit: 60,
      }),
      await client.inject({
        method: 'PATCH',
        url: `/api/memory/items/${block.id}`,
        payload: { text: tooLong },
      }),
      await client.inject({
        method: 'PATCH',
        url: `/api/memory/items/${block.id}`,
        payload: { char_limit: 50, text: 'y'.repeat(55) },
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe('validation_error');
      expect(response.json().message).toMatch(/holds at most/);
    }
    const fact = await create({ path: 'facts/long', text: 'z'.repeat(300) });
    const pinTooSmall = await post(`/api/memory/items/${fact.id}/pin`, { char_limit: 100 });
    expect(pinTooSmall.statusCode).toBe(400);
    // The pinned blocks together reserve at most 8,000 characters of the prompt.
    await create({ path: 'core/big-one', kind: 'block', text: 'one', char_limit: 5000 });
    const overBudget = await post('/api/memory/items', {
      path: 'core/big-two',
      kind: 'block',
      text: 'two',
      char_limit: 3000,
    });
    expect(overBudget.statusCode).toBe(400);
    expect(overBudget.json().message).toMatch(/reserve 8060 characters/);
    const taken = await post('/api/memory/items', {
      path: 'core/human',
      kind: 'block',
      text: 'again',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('path_taken');
    expect((await get(`/api/memory/items/${block.id}`)).item.text).toBe('The operator is Sam.');
    const unpinned = await post(`/api/memory/items/${block.id}/unpin`);
    expect(unpinned.json()).toMatchObject({ pinned: false, char_limit: 60 });
    expect((await post(`/api/memory/items/${block.id}/pin`)).json()).toMatchObject({
      pinned: true,
    });
  });

  it('refuses bad input with 400 and unknown ids with 404', async () => {
    for (const payload of [
      { path: 'Bad Path', text: 'x' },
      { path: 'facts', text: '' },
      { path: 'facts', text: 'x', kind: 'rumour' },
      { path: 'facts', text: 'x'.repeat(4001) },
      { path: 'facts', text: 'x', source_kind: 'chat' },
    ]) {
      const response = await post('/api/memory/items', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    for (const url of [
      '/api/memory/items/nope',
      '/api/memory/observations/nope',
      '/api/memory/entities/nope',
    ]) {
      const response = await client.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect((await post('/api/memory/items/nope/retract')).statusCode).toBe(404);
    expect((await client.inject({ method: 'GET', url: '/api/memory/search' })).statusCode).toBe(
      400,
    );
    expect(
      (await client.inject({ method: 'GET', url: '/api/memory/search?q=x&status=gone' }))
        .statusCode,
    ).toBe(400);
  });

  it('builds the path tree and lists items by path, status and words', async () => {
    await create({ path: 'projects/apollo', text: 'Apollo ships on Friday.' });
    await create({ path: 'projects/apollo/team', text: 'Apollo team: Ana, Bo.' });
    const retracted = await create({ path: 'projects/zeus', text: 'Zeus was cancelled.' });
    await post(`/api/memory/items/${retracted.id}/retract`);
    const tree = await get('/api/memory/tree');
    const projects = tree.nodes.find((n: { path: string }) => n.path === 'projects');
    expect(projects).toMatchObject({ total: 3, items: 0, parent: null, depth: 1 });
    expect(projects.by_status).toMatchObject({ active: 2, retracted: 1 });
    expect(tree.nodes.find((n: { path: string }) => n.path === 'projects/apollo')).toMatchObject({
      items: 1,
      total: 2,
    });

    const listed = await get('/api/memory/items?path=projects/apollo');
    expect(listed.items.map((i: { path: string }) => i.path).sort()).toEqual([
      'projects/apollo',
      'projects/apollo/team',
    ]);
    expect((await get('/api/memory/items?path=projects&status=retracted')).items).toHaveLength(1);
    expect(
      (await get('/api/memory/items?q=friday')).items.map((i: { text: string }) => i.text),
    ).toEqual(['Apollo ships on Friday.']);
    const first = await get('/api/memory/items?path=projects&limit=2');
    expect(first.items).toHaveLength(2);
    const second = await get(
      `/api/memory/items?path=projects&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
  });

  it('searches lexically: the exact phrase first, retracted items only when asked', async () => {
    await create({ path: 'facts/home', text: 'The spare key is under the blue flowerpot.' });
    await create({ path: 'facts/home', text: 'The blue car needs new tyres.' });
    const result = await get('/api/memory/search?q=where%20is%20the%20spare%20key&scope=items');
    expect(result).toMatchObject({ mode: 'lexical', embedding_model: null, vector_error: null });
    expect(result.hits[0].item.text).toBe('The spare key is under the blue flowerpot.');
    expect(result.hits[0].ranks.full_text).toBe(1);
    expect(result.hits[0].score).toBeGreaterThan(result.hits[1]?.score ?? 0);
    const typo = await get('/api/memory/search?q=flowerpott&scope=items');
    expect(typo.hits[0]?.item.text).toBe('The spare key is under the blue flowerpot.');
    expect(typo.hits[0].ranks.trigram).toBe(1);

    const zeus = await get('/api/memory/search?q=zeus%20cancelled&scope=items');
    expect(zeus.hits).toHaveLength(0);
    const withRetracted = await get(
      '/api/memory/search?q=zeus%20cancelled&scope=items&status=retracted',
    );
    expect(withRetracted.hits[0].item.status).toBe('retracted');
  });

  it('serves observations, the graph as of an instant and an entity timeline', async () => {
    const { memory } = t.app;
    const first = await memory.observe({
      source_kind: 'chat',
      content: 'user: Ana joined Acme in 2020. password=hunter2-Secret',
      chat_id: 'c1',
      request_id: 'r1',
      observed_at: new Date('2024-01-01T00:00:00Z'),
    });
    expect(first.content).not.toContain('hunter2');
    expect(first.extraction_status).toBe('skipped');
    const second = await memory.observe({
      source_kind: 'feed',
      source_ref: 'https://news.example/ana',
      content: 'Ana moves to Globex.',
      observed_at: new Date('2025-06-01T00:00:00Z'),
    });
    expect(second.untrusted).toBe(true);
    const again = await memory.observe({
      source_kind: 'feed',
      source_ref: 'https://news.example/ana',
      content: 'Ana moves to Globex.',
    });
    expect(again.id).toBe(second.id);

    const { graph } = memory.deps;
    const ana = await graph.create('Ana', 'person');
    const acme = await graph.create('Acme', 'organization');
    const globex = await graph.create('Globex', 'organization');
    const worked = await graph.insertRelation({
      source_id: ana.id,
      target_id: acme.id,
      relation: 'works_at',
      fact: 'Ana works at Acme',
      valid_at: new Date('2020-01-01T00:00:00Z'),
      invalid_at: null,
      observation_id: first.id,
      confidence: 0.9,
    });
    const moved = await graph.insertRelation({
      source_id: ana.id,
      target_id: globex.id,
      relation: 'works_at',
      fact: 'Ana works at Globex',
      valid_at: new Date('2025-06-01T00:00:00Z'),
      invalid_at: null,
      observation_id: second.id,
      confidence: 0.8,
    });
    await graph.expire(worked.id, new Date('2025-06-01T00:00:00Z'), moved.id);

    const current = await get('/api/memory/graph');
    expect(current.nodes).toHaveLength(3);
    expect(current.edges.map((e: { fact: string }) => e.fact)).toEqual(['Ana works at Globex']);
    const past = await get(
      `/api/memory/graph?as_of=${encodeURIComponent(new Date().toISOString())}&entity_id=${ana.id}`,
    );
    expect(past.edges.map((e: { fact: string }) => e.fact)).toEqual(['Ana works at Globex']);
    const bounded = await get('/api/memory/graph?limit=2');
    expect(bounded).toMatchObject({ truncated: true });
    expect(bounded.nodes).toHaveLength(2);

    const timeline = await get(`/api/memory/entities/${ana.id}`);
    expect(
      timeline.relations.map(
        (r: { fact: string; invalid_at: string | null; expired_by: string | null }) => [
          r.fact,
          r.invalid_at,
          r.expired_by,
        ],
      ),
    ).toEqual([
      ['Ana works at Acme', '2025-06-01T00:00:00.000Z', moved.id],
      ['Ana works at Globex', null, null],
    ]);
    expect(timeline.related_entities.map((e: { name: string }) => e.name).sort()).toEqual([
      'Acme',
      'Globex',
    ]);

    const observations = await get('/api/memory/observations?source_kind=feed');
    expect(observations.observations.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const detail = await get(`/api/memory/observations/${first.id}`);
    expect(detail.relations.map((r: { id: string }) => r.id)).toEqual([worked.id]);
    const found = await get('/api/memory/search?q=globex&scope=observations');
    expect(found.hits[0]).toMatchObject({ type: 'observation', observation: { id: second.id } });

    const epistemic = await get('/api/memory/epistemic');
    expect(epistemic.contradictions.relations[0]).toMatchObject({
      expired: { id: worked.id },
      by: { id: moved.id },
    });
  });

  it('reports brain counts, status and an NDJSON export of every table', async () => {
    const brain = await get('/api/memory/brain');
    const items = await get('/api/memory/items?limit=200&status=active');
    expect(brain.counts.items.by_status.active).toBe(items.items.length);
    expect(brain.counts.relations).toEqual({ current: 1, expired: 1 });
    expect(brain.counts.entities).toEqual({ live: 3, merged: 0 });
    expect(brain.counts.observations.by_source).toMatchObject({ chat: 1, feed: 1 });
    expect(brain.pinned_blocks.map((b: { path: string }) => b.path)).toEqual([
      'core/big-one',
      'core/human',
    ]);
    expect(brain.identity.level).toBeGreaterThanOrEqual(1);
    expect(brain.status.extraction).toMatchObject({ enabled: false, reason: 'no_model' });
    expect(brain.status.limits.pinned_reserved).toBe(5060);

    const response = await client.inject({ method: 'GET', url: '/api/memory/export' });
    expect(response.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const byTable = (table: string) => lines.filter((line) => line.table === table).length;
    expect(byTable('memory_items')).toBe(brain.counts.items.total);
    expect(byTable('memory_events')).toBe(brain.counts.events);
    expect(byTable('observations')).toBe(2);
    expect(byTable('kg_entities')).toBe(3);
    expect(byTable('kg_relations')).toBe(2);
    expect(lines[0].row).not.toHaveProperty('tsv');
  });
});
