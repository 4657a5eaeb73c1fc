import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Trace } from '../traces/traces.schema.js';

describe.each(await sqlTestBackends())('prime.md (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let chats = 0;
  const env = () => ({
    OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
  });

  beforeAll(async () => {
    model = await startFakeOpenAi();
    t = await createTestApp({ sql: backend, env: env() });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const put = (payload: Record<string, unknown>) =>
    client.inject({ method: 'PUT', url: '/api/config/prime', payload });
  const get = async (url: string) => {
    const response = await client.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const onDisk = () => readFile(path.join(t.sql.dataDir, 'prime.md'), 'utf8');
  const chat = async (text: string) =>
    (
      await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: `prime-${++chats}` },
      })
    ).json() as { request_id: string; tier: string };
  const systemPrompt = () =>
    String(
      model.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)?.body.messages[0]
        .content,
    );
  const guards = async (requestId: string) =>
    ((await get(`/api/traces/${requestId}`)).body as Trace).guard_chain;

  it('is empty at version 0 before the first save, and adds nothing to the prompt', async () => {
    expect(await get('/api/config/prime')).toEqual({
      status: 200,
      body: { content: '', version: 0, updated_at: null, updated_by: null },
    });
    const reply = await chat('tell me a story');
    expect(reply.tier).toBe('llm_loop');
    expect(systemPrompt()).not.toContain('prime.md');
    expect((await guards(reply.request_id)).some((g) => g.guard === 'prime')).toBe(false);
  });

  it('saves a version, writes DATA_DIR/prime.md and audits the change', async () => {
    const response = await put({
      content: '# House rules\nAnswer in British English.',
      base_version: 0,
      note: 'first draft',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      content: '# House rules\nAnswer in British English.',
      version: 1,
      updated_by: 'admin',
    });
    expect(await onDisk()).toBe('# House rules\nAnswer in British English.');
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'config.prime_update' });
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      target: 'prime.md',
      detail: { version: 1, characters: 40, note: 'first draft' },
    });
    expect((await get('/api/config/prime')).body).toMatchObject({ version: 1 });
  });

  it('refuses a save on a stale base version with the current version', async () => {
    const stale = await put({ content: 'lost edit', base_version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'version_conflict',
      message: expect.stringContaining('version 1'),
      current_version: 1,
    });
    // Two operators saving on the same base at once: one wins, the other is told.
    const both = await Promise.all([
      put({ content: 'Answer in British English.\nBe brief.', base_version: 1 }),
      put({ content: 'Answer in British English.\nBe thorough.', base_version: 1 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json()).toMatchObject({ current_version: 2 });
    expect(await onDisk()).toBe(both.find((r) => r.statusCode === 200)?.json().content);
  });

  it('rejects bad bodies with validation_error', async () => {
    for (const payload of [
      { content: 'x'.repeat(20_001), base_version: 2 },
      { content: 'no base' },
      { content: 'negative', base_version: -1 },
      { content: 42, base_version: 2 },
    ]) {
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    expect((await get('/api/config/prime')).body.version).toBe(2);
  });

  it('lists the history newest first without content, and reads one version', async () => {
    await put({ content: 'Answer in British English.\nUse metric units.', base_version: 2 });
    const history = await get('/api/config/prime/history');
    expect(history.body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(history.body.versions[2]).toEqual({
      version: 1,
      created_at: expect.any(String),
      created_by: 'admin',
      note: 'first draft',
      characters: 40,
      restored_from: null,
    });
    expect(history.body.versions[0]).not.toHaveProperty('content');
    const page = await get('/api/config/prime/history?limit=1&before=3');
    expect(page.body.versions.map((v: { version: number }) => v.version)).toEqual([2]);
    expect((await get('/api/config/prime/history/1')).body).toMatchObject({
      version: 1,
      content: '# House rules\nAnswer in British English.',
    });
    expect(await get('/api/config/prime/history/99')).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    expect((await get('/api/config/prime/history/first')).status).toBe(400);
  });

  it('restores an old version as the newest one', async () => {
    const response = await client.inject({ method: 'POST', url: '/api/config/prime/restore/1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      version: 4,
      content: '# House rules\nAnswer in British English.',
    });
    expect((await get('/api/config/prime/history?limit=1')).body.versions[0]).toMatchObject({
      version: 4,
      note: 'restored from version 1',
      restored_from: 1,
    });
    expect(await onDisk()).toBe('# House rules\nAnswer in British English.');
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 1, action: 'config.prime_update' });
    expect(entries[0]?.detail).toMatchObject({ version: 4, restored_from: 1 });
    const missing = await client.inject({ method: 'POST', url: '/api/config/prime/restore/99' });
    expect(missing.statusCode).toBe(404);
  });

  it('puts the content in the model prompt and a guard entry in the trace', async () => {
    const reply = await chat('write a short note about units');
    expect(reply.tier).toBe('llm_loop');
    expect(systemPrompt()).toContain("From the operator's prime.md:\n# House rules");
    expect(systemPrompt()).toContain('Answer in British English.');
    expect(await guards(reply.request_id)).toContainEqual({
      guard: 'prime',
      verdict: 'pass',
      detail: 'prime.md version 4 applied',
    });
  });

  it('reaches another replica within seconds, and survives a restart', async () => {
    const other = await t.replica(env());
    try {
      await other.app.prime.forPrompt();
      const otherClient = await other.login();
      const saved = await otherClient.inject({
        method: 'PUT',
        url: '/api/config/prime',
        payload: { content: 'Sign every answer with a dash.', base_version: 4 },
      });
      expect(saved.statusCode).toBe(200);
      const deadline = Date.now() + 5_000;
      while ((await t.app.prime.forPrompt()).version !== 5 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await t.app.prime.forPrompt()).content).toBe('Sign every answer with a dash.');
    } finally {
      await other.close();
    }
    t = await t.restart(env());
    client = await t.login();
    expect((await get('/api/config/prime')).body).toMatchObject({ version: 5 });
    expect(await onDisk()).toBe('Sign every answer with a dash.');
  });

  it('rewrites a stale file at start, and imports a hand-written one into an empty database', async () => {
    await writeFile(path.join(t.sql.dataDir, 'prime.md'), 'edited on disk');
    t = await t.restart(env());
    expect(await onDisk()).toBe('Sign every answer with a dash.');

    await t.sql.db.deleteFrom('prime_versions').execute();
    await writeFile(path.join(t.sql.dataDir, 'prime.md'), 'Written by hand before first boot.');
    t = await t.restart(env());
    client = await t.login();
    expect((await get('/api/config/prime')).body).toMatchObject({
      content: 'Written by hand before first boot.',
      version: 1,
      updated_by: 'system',
    });
  });
});
