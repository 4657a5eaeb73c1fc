import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestTree, type TestTree } from '../selfimprove/test-tree.js';
import type { SearchGroup, SearchResponse } from './search.schema.js';

describe.each(await sqlTestBackends())('search API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let tree: TestTree;
  let goalId: string;
  let requestId: string;
  let memoryId: string;

  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await client.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const search = async (query: string): Promise<SearchResponse> => {
    const response = await client.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const group = (response: SearchResponse, source: string): SearchGroup => {
    const found = response.groups.find((g) => g.source === source);
    if (!found) throw new Error(`no ${source} group in ${JSON.stringify(response)}`);
    return found;
  };

  beforeAll(async () => {
    tree = await createTestTree();
    t = await createTestApp({ sql: backend, env: { APP_SRC_DIR: tree.dir } });
    client = await t.login();
    goalId = (
      await post('/api/goals', { objective: 'Summarise the quarterly invoices', priority: 7 })
    ).goal_id;
    await post('/api/goals', { objective: 'Cut build time by 50% this week', priority: 3 });
    await post('/api/agents', {
      name: 'invoice-clerk',
      objective: 'Files incoming invoices',
      priority: 4,
    });
    await post('/api/self-improve/proposals', {
      path: 'util/strings.ts',
      content: 'export const shout = (text: string) => text.toUpperCase() + "!";\n',
      rationale: 'Shouting needs an exclamation mark',
    });
    await post('/api/behavioral-rules', { text: 'Quote invoice numbers exactly.' });
    memoryId = (
      await post('/api/memory/items', {
        path: 'facts/billing',
        text: 'Invoices are reconciled every Friday afternoon.',
      })
    ).id;
    requestId = (await post('/chat', { text: 'what is 6 * 7', chat_id: 'ops-desk' })).request_id;
    await post('/chat', { text: 'what is 2 + 2', chat_id: 'ops-desk' });
    await t.app.audit.flush();
  });
  afterAll(async () => {
    await t?.close();
    await tree?.remove();
  });

  it('lists its sources, each module contributing one', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/search/sources' });
    expect(response.json().sources.map((s: { source: string }) => s.source)).toEqual(
      expect.arrayContaining([
        'goals',
        'agents',
        'traces',
        'proposals',
        'rules',
        'audit',
        'memory',
      ]),
    );
  });

  it('finds goals, agents and rules by words, each result linking to its page', async () => {
    const found = await search('q=invoice');
    expect(group(found, 'goals').results).toEqual([
      {
        id: goalId,
        title: 'Summarise the quarterly invoices',
        detail: expect.stringMatching(/^active · priority 7 · \d+% done$/),
        url: `/goals/${goalId}`,
        at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    expect(group(found, 'agents').results).toMatchObject([
      { title: 'invoice-clerk', url: expect.stringMatching(/^\/agents\/[0-9a-f-]{36}$/) },
    ]);
    expect(group(found, 'rules').results).toMatchObject([
      { title: 'Quote invoice numbers exactly.', url: '/behavioral-rules?q=invoice' },
    ]);
    expect(group(found, 'proposals').results).toEqual([]);
    expect(found.groups.every((g) => g.error === null)).toBe(true);
  });

  it('finds memory items by their words or their id, whatever their status', async () => {
    const expected = {
      id: memoryId,
      title: 'Invoices are reconciled every Friday afternoon.',
      detail: 'facts/billing · active · confidence 1',
      url: `/memory?item=${memoryId}`,
    };
    expect(group(await search('q=reconciled%20friday'), 'memory').results).toMatchObject([
      expected,
    ]);
    expect(group(await search(`q=${memoryId}`), 'memory').results).toMatchObject([expected]);
    const retracted = await client.inject({
      method: 'POST',
      url: `/api/memory/items/${memoryId}/retract`,
      payload: {},
    });
    expect(retracted.statusCode, retracted.body).toBe(200);
    expect(group(await search('q=reconciled'), 'memory').results).toMatchObject([
      { id: memoryId, detail: 'facts/billing · retracted · confidence 1' },
    ]);
  });

  it('matches LIKE wildcards literally and is case-insensitive', async () => {
    const percent = group(await search('q=50%25'), 'goals').results;
    expect(percent.map((r) => r.title)).toEqual(['Cut build time by 50% this week']);
    const upper = group(await search('q=QUARTERLY'), 'goals').results;
    expect(upper.map((r) => r.id)).toEqual([goalId]);
    expect(group(await search('q=_'), 'goals').results).toEqual([]);
  });

  it('finds a trace by request id, and a chat by its id with its latest traces', async () => {
    const byRequest = group(await search(`q=${requestId}`), 'traces').results;
    expect(byRequest).toMatchObject([
      { id: requestId, url: `/traces/${requestId}`, title: 'what is 6 * 7' },
    ]);
    const byChat = group(await search('q=ops-desk'), 'traces').results;
    expect(byChat[0]).toMatchObject({
      title: 'Traces of chat ops-desk',
      url: '/traces?chat_id=ops-desk',
      detail: '2 traces, latest fast_path',
    });
    expect(byChat.slice(1).map((r) => r.title)).toEqual(['what is 2 + 2', 'what is 6 * 7']);
    expect(group(await search('q=ops-des'), 'traces').results).toEqual([]);
  });

  it('finds proposals by path or rationale, and audit actions by name', async () => {
    const proposals = group(await search('q=exclamation'), 'proposals').results;
    expect(proposals).toMatchObject([
      { title: 'util/strings.ts', detail: 'pending · Shouting needs an exclamation mark' },
    ]);
    expect(proposals[0]?.url).toBe(`/self-improve#proposal-${proposals[0]?.id}`);

    const actions = group(await search('q=create'), 'audit').results;
    expect(actions.map((r) => r.id)).toEqual(
      expect.arrayContaining(['goal.create', 'agent.create']),
    );
    const goalCreate = actions.find((r) => r.id === 'goal.create');
    expect(goalCreate).toMatchObject({ url: '/audit?action=goal.create' });
    expect(Date.parse(goalCreate?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Names that start with the text come before names that merely contain it.
    const goal = group(await search('q=goal'), 'audit').results.map((r) => r.id);
    expect(goal[0]?.startsWith('goal.')).toBe(true);
  });

  it('asks only the named sources and caps results per source', async () => {
    const only = await search('q=invoice&sources=goals,rules');
    expect(only.groups.map((g) => g.source).sort()).toEqual(['goals', 'rules']);
    const capped = await search('q=.&sources=audit&limit=1');
    expect(group(capped, 'audit').results).toHaveLength(1);
  });

  it('refuses an empty or overlong text, a bad limit and an unknown source', async () => {
    for (const query of ['q=', 'q=%20%20', `q=${'x'.repeat(201)}`, 'q=a&limit=0', '']) {
      const response = await client.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    const unknown = await client.inject({ method: 'GET', url: '/api/search?q=a&sources=nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { path: '/sources', in: 'querystring', message: 'unknown: nope' },
    ]);
  });

  it('needs a session and is in the OpenAPI document', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search?q=invoice' });
    expect(anonymous.statusCode).toBe(401);
    const openapi = (await client.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/search', '/api/search/sources']),
    );
  });
});
