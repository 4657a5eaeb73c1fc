import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(await sqlTestBackends())('notes API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => {
    const response = await client.inject({ method: 'POST', url: '/api/notes', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const list = async (query = '') =>
    (await client.inject({ method: 'GET', url: `/api/notes${query}` })).json();

  it('creates, reads, changes and deletes a note, each change audited without the body', async () => {
    const note = await create({
      title: '  Deploy checklist ',
      body: 'Run migrations first; the db password=Hunter2-Secret is in the vault.',
      tags: ['Ops', 'ops', 'release-2026.11'],
    });
    expect(note).toMatchObject({
      title: 'Deploy checklist',
      tags: ['ops', 'release-2026.11'],
      source: 'operator',
      source_ref: null,
    });
    expect(note.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const read = await client.inject({ method: 'GET', url: `/api/notes/${note.note_id}` });
    expect(read.json()).toEqual(note);

    const patched = await client.inject({
      method: 'PATCH',
      url: `/api/notes/${note.note_id}`,
      payload: { tags: ['ops'], source_ref: 'https://wiki.example.org/deploy' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Deploy checklist',
      tags: ['ops'],
      source_ref: 'https://wiki.example.org/deploy',
    });
    expect(patched.json().updated_at > note.updated_at).toBe(true);
    expect(patched.json().created_at).toBe(note.created_at);

    const removed = await client.inject({ method: 'DELETE', url: `/api/notes/${note.note_id}` });
    expect(removed.json()).toEqual({ ok: true });
    const gone = await client.inject({ method: 'GET', url: `/api/notes/${note.note_id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('not_found');

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 10, action: 'note.*' });
    expect(entries.map((e) => [e.action, e.target])).toEqual([
      ['note.delete', note.note_id],
      ['note.update', note.note_id],
      ['note.create', note.note_id],
    ]);
    expect(entries[1]?.detail.changed).toEqual(['tags', 'source_ref']);
    expect(JSON.stringify(entries)).not.toContain('Hunter2');
  });

  it('refuses bad input with 400 validation_error and unknown ids with 404', async () => {
    const bad = [
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'ok', tags: ['has space'] },
      { title: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { title: 'ok', source: 'feed' },
      { title: 'ok', body: 'x'.repeat(50_001) },
    ];
    for (const payload of bad) {
      const response = await client.inject({ method: 'POST', url: '/api/notes', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    const note = await create({ title: 'kept' });
    const empty = await client.inject({
      method: 'PATCH',
      url: `/api/notes/${note.note_id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await client.inject({
        method,
        url: '/api/notes/no-such-note',
        ...(method === 'PATCH' ? { payload: { title: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await client.inject({ method: 'GET', url: '/api/notes?limit=0' })).statusCode).toBe(
      400,
    );
    expect((await client.inject({ method: 'GET', url: '/api/notes?cursor=nope' })).statusCode).toBe(
      400,
    );
  });

  it('searches every word in title, body and tags, literally, and filters by tag and source', async () => {
    const a = await create({
      title: 'Kubernetes upgrade',
      body: 'Drain nodes one by one',
      tags: ['infra'],
    });
    const b = await create({ title: 'Groceries', body: 'milk, 100% rye bread', tags: ['home'] });
    const c = await t.app.notes.create({
      title: 'Release notes 4.2',
      body: 'New node pool sizes',
      tags: ['infra', 'Feed Items!'],
      source: 'feed',
      source_ref: 'https://example.org/4.2',
    });
    expect(c.tags).toEqual(['infra', 'feed-items']);

    const ids = (page: { notes: { note_id: string }[] }) => page.notes.map((n) => n.note_id);
    expect(ids(await list('?q=NODE'))).toEqual([c.note_id, a.note_id]);
    expect(ids(await list('?q=node+drain'))).toEqual([a.note_id]);
    expect(ids(await list('?q=100%25'))).toEqual([b.note_id]);
    expect(ids(await list('?q=10_%25'))).toEqual([]);
    expect(ids(await list('?q=feed-items'))).toEqual([c.note_id]);
    expect(ids(await list('?tag=infra'))).toEqual([c.note_id, a.note_id]);
    expect(ids(await list('?tag=INFRA&source=operator'))).toEqual([a.note_id]);
    expect(ids(await list('?source=feed'))).toEqual([c.note_id]);
  });

  it('pages newest first without repeating or skipping a note, while notes are edited', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await create({ title: `page ${i}`, tags: ['paging'] })).note_id);
    const first = await list('?tag=paging&limit=3');
    expect(first.notes).toHaveLength(3);
    // An edit must not move a note to another page.
    await client.inject({
      method: 'PATCH',
      url: `/api/notes/${made[0]}`,
      payload: { body: 'edited' },
    });
    const seen = [...first.notes];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(`?tag=paging&limit=3&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.notes);
      cursor = page.next_cursor;
    }
    expect(seen.map((n: { note_id: string }) => n.note_id)).toEqual([...made].reverse());
  });

  it('keeps notes across a restart', async () => {
    const note = await create({ title: 'survives', body: 'across restarts' });
    t = await t.restart();
    client = await t.login();
    expect(
      (await client.inject({ method: 'GET', url: `/api/notes/${note.note_id}` })).json(),
    ).toEqual(note);
  });
});
