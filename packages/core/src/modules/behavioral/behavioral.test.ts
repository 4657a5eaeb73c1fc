import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Rule } from './behavioral.schema.js';

describe.each(await sqlTestBackends())('behavioral rules API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    client.inject({
      method,
      url,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const create = async (payload: object) => {
    const response = await send('POST', '/api/behavioral-rules', payload);
    expect(response.statusCode).toBe(201);
    return response.json() as Rule;
  };
  const list = async (query = '') =>
    ((await send('GET', `/api/behavioral-rules${query}`)).json() as { rules: Rule[] }).rules;
  const audits = async (action: string) => {
    await t.app.audit.flush();
    return (await t.app.audit.list({ limit: 10, action })).entries;
  };

  it('creates an operator rule with defaults and audits it', async () => {
    const rule = await create({ text: '  Answer in British English.  ' });
    expect(rule).toEqual({
      rule_id: expect.any(String),
      text: 'Answer in British English.',
      trigger: { type: 'always' },
      source: 'operator',
      confidence: 1,
      enabled: true,
      hit_count: 0,
      last_hit_at: null,
      created_by: 'admin',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await audits('behavioral.rule_create'))[0]).toMatchObject({
      actor: 'admin',
      target: rule.rule_id,
      detail: {
        text: 'Answer in British English.',
        source: 'operator',
        trigger: { type: 'always' },
      },
    });
    expect((await send('GET', `/api/behavioral-rules/${rule.rule_id}`)).json()).toEqual(rule);
  });

  it('accepts keyword and regex triggers', async () => {
    const keywords = await create({
      text: 'Quote prices in euros.',
      trigger: { type: 'keywords', keywords: ['price', 'cost of living'] },
      confidence: 0.8,
    });
    expect(keywords.trigger).toEqual({ type: 'keywords', keywords: ['price', 'cost of living'] });
    const regex = await create({
      text: 'Ask before deploying to production.',
      trigger: { type: 'regex', pattern: '\\bdeploy\\w*\\s+to\\s+prod' },
      enabled: false,
    });
    expect(regex).toMatchObject({
      enabled: false,
      trigger: { pattern: '\\bdeploy\\w*\\s+to\\s+prod' },
    });
  });

  it('refuses bad rules with validation_error and the reason', async () => {
    const refused = async (payload: object, path: string, message: RegExp) => {
      const response = await send('POST', '/api/behavioral-rules', payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe('validation_error');
      expect(body.details).toContainEqual(
        expect.objectContaining({ path, message: expect.stringMatching(message) }),
      );
    };
    await refused({ text: '' }, '/text', /.+/);
    await refused({ text: 'x'.repeat(501) }, '/text', /.+/);
    await refused({ text: 'ok', confidence: 1.5 }, '/confidence', /.+/);
    await refused(
      { text: 'ok', trigger: { type: 'keywords', keywords: [] } },
      '/trigger/keywords',
      /.+/,
    );
    await refused({ text: 'ok', trigger: { type: 'sometimes' } }, '/trigger/type', /.+/);
    await refused(
      { text: 'ok', trigger: { type: 'regex', pattern: '(' } },
      '/trigger/pattern',
      /not a valid/,
    );
    await refused(
      { text: 'ok', trigger: { type: 'regex', pattern: '(a+)+$' } },
      '/trigger/pattern',
      /exponential/,
    );
    await refused(
      { text: 'ok', trigger: { type: 'regex', pattern: '(\\w)\\1' } },
      '/trigger/pattern',
      /backreference/,
    );
    await refused(
      { text: 'ok', trigger: { type: 'regex', pattern: 'x'.repeat(201) } },
      '/trigger/pattern',
      /200/,
    );
    expect((await list()).length).toBe(3);
  });

  it('filters by enabled, source and text', async () => {
    await t.app.behavioral.create(
      { text: 'Keep a changelog of your own actions.' },
      'agent',
      'agent',
      null,
    );
    expect((await list('?enabled=false')).map((r) => r.text)).toEqual([
      'Ask before deploying to production.',
    ]);
    expect((await list('?enabled=true')).length).toBe(3);
    expect((await list('?source=agent')).map((r) => r.source)).toEqual(['agent']);
    expect((await list('?q=EUROS')).map((r) => r.text)).toEqual(['Quote prices in euros.']);
    expect(await list('?q=100%25')).toEqual([]);
    expect((await list('?source=operator&enabled=true&limit=1')).length).toBe(1);
    // Newest first.
    expect((await list())[0]?.text).toBe('Keep a changelog of your own actions.');
    for (const query of ['?enabled=maybe', '?source=robot', '?limit=0'])
      expect((await send('GET', `/api/behavioral-rules${query}`)).statusCode).toBe(400);
  });

  it('updates fields, audits what changed, and refuses an empty patch', async () => {
    const [rule] = await list('?q=euros');
    const patched = await send('PATCH', `/api/behavioral-rules/${rule?.rule_id}`, {
      enabled: false,
      trigger: { type: 'regex', pattern: '\\b(?:price|cost)s?\\b' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      enabled: false,
      trigger: { type: 'regex' },
      text: 'Quote prices in euros.',
    });
    expect(Date.parse(patched.json().updated_at)).toBeGreaterThan(
      Date.parse(rule?.updated_at ?? ''),
    );
    expect((await audits('behavioral.rule_update'))[0]).toMatchObject({
      target: rule?.rule_id,
      detail: {
        changes: {
          enabled: { from: true, to: false },
          trigger: { from: { type: 'keywords' }, to: { type: 'regex' } },
        },
      },
    });
    const empty = await send('PATCH', `/api/behavioral-rules/${rule?.rule_id}`, {});
    expect(empty.statusCode).toBe(400);
    const unsafe = await send('PATCH', `/api/behavioral-rules/${rule?.rule_id}`, {
      trigger: { type: 'regex', pattern: '.*.*=' },
    });
    expect(unsafe.statusCode).toBe(400);
    const missing = await send('PATCH', '/api/behavioral-rules/no-such-rule', { enabled: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
  });

  it('deletes a rule, audited, and 404s the second time', async () => {
    const rule = await create({ text: 'Temporary rule.' });
    const deleted = await send('DELETE', `/api/behavioral-rules/${rule.rule_id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await audits('behavioral.rule_delete'))[0]).toMatchObject({
      target: rule.rule_id,
      detail: { text: 'Temporary rule.' },
    });
    expect((await send('DELETE', `/api/behavioral-rules/${rule.rule_id}`)).statusCode).toBe(404);
    expect((await send('GET', `/api/behavioral-rules/${rule.rule_id}`)).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await send('GET', '/api/openapi.json')).json();
    for (const [path, method] of [
      ['/api/behavioral-rules', 'get'],
      ['/api/behavioral-rules', 'post'],
      ['/api/behavioral-rules/{rule_id}', 'patch'],
      ['/api/behavioral-rules/{rule_id}', 'delete'],
      ['/api/behavioral-rules/pending', 'get'],
      ['/api/behavioral-rules/pending/{proposal_id}/approve', 'post'],
      ['/api/behavioral-rules/pending/{proposal_id}/reject', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('needs a session and a CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/behavioral-rules' })).statusCode).toBe(
      401,
    );
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/behavioral-rules',
      headers: { cookie: client.cookie },
      payload: { text: 'Sneaky.' },
    });
    expect(forged.statusCode).toBe(403);
  });
});
