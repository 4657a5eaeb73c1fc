import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { AuditRepository } from './audit.repository.js';

type Page = {
  entries: Array<{ id: string; ts: string; action: string; actor: string }>;
  next_cursor: string | null;
};

describe.each(await sqlTestBackends())('GET /api/audit (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  const seeded: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
    for (let i = 0; i < 1000; i++) {
      seeded.push(
        t.app.audit.record({
          action: i % 2 ? 'test.odd' : 'test.even',
          actor: 'seeder',
          detail: { i },
        }),
      );
    }
    await t.app.audit.flush();
  });
  afterAll(() => t.close());

  const get = async (query: string) => {
    const response = await client.inject({ method: 'GET', url: `/api/audit?${query}` });
    return { status: response.statusCode, body: response.json() };
  };

  it('pages through 1,000 rows while more are written: no repeats, no gaps', async () => {
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        for (let i = 0; i < 5; i++)
          t.app.audit.record({ action: 'test.concurrent', actor: 'writer', detail: { n: n++ } });
        await t.app.audit.flush();
      }
    })();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ limit: '37', action: 'test.*' });
      if (cursor) query.set('cursor', cursor);
      const { status, body } = (await get(query.toString())) as { status: number; body: Page };
      expect(status).toBe(200);
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    writing = false;
    await writer;

    expect(new Set(seen).size).toBe(seen.length);
    const seenSet = new Set(seen);
    expect(seeded.filter((id) => !seenSet.has(id))).toEqual([]);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(1000 / 37));
  });

  it('returns newest first with a <timestamp>|<id> cursor in microseconds', async () => {
    const { body } = (await get('limit=5&action=test.*')) as { body: Page };
    expect(body.entries).toHaveLength(5);
    const keys = body.entries.map((e) => `${e.ts}|${e.id}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(body.entries[0]?.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(body.next_cursor).toBe(keys[4]);
  });

  it('defaults limit to 50 and caps it at 500', async () => {
    expect(((await get('')).body as Page).entries).toHaveLength(50);
    expect(((await get('limit=100000')).body as Page).entries).toHaveLength(500);
  });

  it('filters by exact action, action prefix and actor', async () => {
    const odd = (await get('action=test.odd&limit=500')).body as Page;
    expect(odd.entries.every((e) => e.action === 'test.odd')).toBe(true);
    const prefix = (await get('action=test.*&limit=500')).body as Page;
    expect(new Set(prefix.entries.map((e) => e.action.split('.')[0]))).toEqual(new Set(['test']));
    const byActor = (await get('actor=seeder&limit=500')).body as Page;
    expect(byActor.entries.every((e) => e.actor === 'seeder')).toBe(true);
    expect(((await get('action=test.o_d')).body as Page).entries).toEqual([]);
  });

  it('filters by since, as a duration or an ISO time', async () => {
    const old = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    await new AuditRepository(t.sql.db).insertMany([
      {
        id: 'old-row',
        ts: old,
        action: 'test.old',
        actor: 'x',
        target: null,
        detail: {},
        exit_code: null,
        error: null,
        goal_id: null,
        request_id: null,
      },
    ]);
    expect(((await get('action=test.old&since=24h')).body as Page).entries).toEqual([]);
    expect(((await get('action=test.old&since=7d')).body as Page).entries.map((e) => e.id)).toEqual(
      ['old-row'],
    );
    const iso = new Date(Date.now() - 4 * 24 * 3600_000).toISOString();
    expect(((await get(`action=test.old&since=${iso}`)).body as Page).entries).toHaveLength(1);
  });

  it.each([
    ['limit=0', '/limit'],
    ['limit=abc', '/limit'],
    ['since=yesterday', '/since'],
    ['cursor=nonsense', '/cursor'],
    ['cursor=2026-01-01T00:00:00.000000Z|', '/cursor'],
  ])('rejects %s with 400 validation_error', async (query, path) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'validation_error',
      details: [expect.objectContaining({ path })],
    });
  });

  it('a read right after a write sees its row, with no wait and no explicit flush', async () => {
    for (let n = 0; n < 5; n++) {
      const id = t.app.audit.record({ action: 'test.read_after_write', actor: 'tester' });
      expect(t.app.audit.pending).toBeGreaterThan(0);
      const { body } = await get('action=test.read_after_write&limit=1');
      expect(body.entries[0]?.id).toBe(id);
    }
    const id = t.app.audit.record({ action: 'test.read_after_write.actions', actor: 'tester' });
    expect(await t.app.audit.actions()).toContain('test.read_after_write.actions');
    expect(await t.app.audit.lastRecorded('test.read_after_write.actions')).not.toBeNull();
    expect(id).toBeTruthy();
  });

  it('stores redacted rows: secrets in details, targets and errors never land in the table', async () => {
    const id = t.app.audit.record({
      action: 'test.secret',
      actor: 'tester',
      target: 'https://user:hunter2hunter2@example.com/',
      detail: { password: 'plain-text-password', note: 'token=abcdef123456' },
      error: 'failed with key sk-proj-abcdefghijklmnopqrstuvwxyz0123',
    });
    await t.app.audit.flush();
    const row = await t.sql.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    for (const secret of [
      'hunter2hunter2',
      'plain-text-password',
      'abcdef123456',
      'sk-proj-abcdefghijklmnopqrstuvwxyz0123',
    ]) {
      expect(stored).not.toContain(secret);
    }
  });
});
