import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../logger.js';
import { type Client, createTestApp, type TestApp } from '../../../testing/test-app.js';
import {
  INJECTION,
  startMcpHttpServer,
  type TestMcpHttpServer,
} from './testing/mcp-test-server.js';

const TOKEN = 'mcp-secret-4d9e1b7a2c8f6e30';
const SERVERS = '/api/integrations/mcp/servers';

describe('MCP server over streamable HTTP', () => {
  let t: TestApp;
  let client: Client;
  let mcp: TestMcpHttpServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    mcp = await startMcpHttpServer(TOKEN);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // The test-only allowance: the fake MCP server listens on loopback.
    t = await createTestApp({
      env: { SSRF_ALLOWLIST: '127.0.0.1' },
      logger: pino(loggerOptions('trace'), sink),
    });
    client = await t.login();
    // Booting the app takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await mcp?.close();
  });
  beforeEach(async () => {
    await t.app.autonomy.setMode('SEMI', 'test', null);
  });

  const execute = (body: object) =>
    client.inject({
      method: 'POST',
      url: '/api/integrations/mcp-notes/execute',
      payload: body,
    });

  it('registers the server and lists its tools as actions with risk from their annotations', async () => {
    const created = await client.inject({
      method: 'POST',
      url: SERVERS,
      payload: { name: 'notes', transport: 'http', url: mcp.url, token: TOKEN },
    });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({
      name: 'notes',
      integration_id: 'mcp-notes',
      transport: 'http',
      url: mcp.url,
      token_set: true,
      status: 'connected',
      error: null,
      server: { name: 'notes', version: '1.2.3' },
    });
    expect(view.tools).toEqual(
      expect.arrayContaining([
        { tool: 'read-notes', action: 'read_notes', risk: 'read', description: 'Lists the notes.' },
        {
          tool: 'delete_note',
          action: 'delete_note',
          risk: 'destructive',
          description: 'Deletes a note for good.',
        },
        { tool: 'add_note', action: 'add_note', risk: 'write', description: 'Adds a note.' },
      ]),
    );
    expect(mcp.authorizations.every((header) => header === `Bearer ${TOKEN}`)).toBe(true);

    // It is one more connector: configured, with the capability levels of its risks.
    const detail = (
      await client.inject({ method: 'GET', url: '/api/integrations/mcp-notes' })
    ).json();
    expect(detail).toMatchObject({ id: 'mcp-notes', source: 'dynamic', configured: true });
    const levels = Object.fromEntries(
      detail.actions.map((a: { name: string; level: string }) => [a.name, a.level]),
    );
    expect(levels).toEqual({
      ping: 'CONTROLLED',
      read_notes: 'CONTROLLED',
      delete_note: 'PRIVILEGED',
      add_note: 'RESTRICTED',
    });
    const readNotes = detail.actions.find((a: { name: string }) => a.name === 'read_notes');
    expect(readNotes.input_schema).toMatchObject({ properties: { limit: { type: 'integer' } } });

    const listed = (await client.inject({ method: 'GET', url: SERVERS })).json();
    expect(listed.servers.map((s: { name: string }) => s.name)).toEqual(['notes']);
    const test = await client.inject({ method: 'POST', url: '/api/integrations/mcp-notes/test' });
    expect(test.json()).toMatchObject({ ok: true, action: 'ping' });
  });

  it('runs a read-only tool at once and checks its params against the tool schema', async () => {
    const run = await execute({ action: 'read_notes', params: { limit: 2 } });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({
      ok: true,
      integration_id: 'mcp-notes',
      action: 'read_notes',
      result: { content: [{ type: 'text', text: expect.stringContaining('buy milk') }] },
    });
    expect(mcp.calls.at(-1)).toEqual({ tool: 'read-notes', args: { limit: 2 } });
    const bad = await execute({ action: 'read_notes', params: { limit: 'many' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_error');
  });

  it('holds a destructive tool for the operator in SEMI mode, with the tool call as its dry run', async () => {
    const before = mcp.calls.length;
    const held = await execute({ action: 'delete_note', params: { id: 7 } });
    expect(held.statusCode).toBe(202);
    const { confirmation_id } = held.json();
    expect(mcp.calls.length).toBe(before);
    expect(await t.app.confirmations.get(confirmation_id)).toMatchObject({
      level: 'PRIVILEGED',
      simulation: {
        details: { integration_id: 'mcp-notes', tool: 'delete_note', arguments: { id: 7 } },
      },
    });
    await client.inject({ method: 'POST', url: `/api/confirmations/${confirmation_id}/approve` });
    const run = await execute({ action: 'delete_note', params: { id: 7 }, confirmation_id });
    expect(run.statusCode).toBe(200);
    expect(mcp.calls.at(-1)).toEqual({ tool: 'delete_note', args: { id: 7 } });
  });

  it("lets the operator override a tool's risk level, and the model's list shows it", async () => {
    const skill = t.app.skills.get('integration_skill');
    if (!skill) throw new Error('integration_skill is not registered');
    const description = async () => {
      await skill.availability?.();
      return skill.description;
    };
    expect(await description()).toMatch(/^add_note\+: Adds a note$/m);
    const changed = await client.inject({
      method: 'PUT',
      url: '/api/integrations/mcp-notes/actions/add_note',
      payload: { risk: 'read' },
    });
    expect(changed.statusCode).toBe(200);
    const run = await execute({ action: 'add_note', params: { text: 'x' } });
    expect(run.statusCode).toBe(200);
    expect(run.json().result).toMatchObject({ structured: { id: 3 } });
    const view = (await client.inject({ method: 'GET', url: `${SERVERS}/notes` })).json();
    expect(view.tools.find((tool: { action: string }) => tool.action === 'add_note').risk).toBe(
      'read',
    );
    // The mark follows the override: no longer "+" (writes).
    expect(await description()).toMatch(/^add_note: Adds a note$/m);
  });

  it('hands tool results to the model as untrusted content from the server', async () => {
    const skill = t.app.skills.get('integration_skill');
    if (!skill) throw new Error('integration_skill is not registered');
    const input = await skill.inputSchema.parseAsync({
      integration_id: 'mcp-notes',
      action: 'read_notes',
      params: {},
    });
    expect(skill.levelFor?.(input)).toBe('CONTROLLED');
    const output = await skill.execute(input, {
      signal: new AbortController().signal,
      requestId: 'r-mcp',
      chatId: null,
      goalId: null,
      actor: 'test',
      depth: 0,
      log: t.app.log,
    });
    expect(output).toMatchObject({ untrusted: true, source: 'integration mcp-notes.read_notes' });
    expect(output.text).toContain(INJECTION);
  });

  it('refreshes the actions when the server says its tool list changed', async () => {
    mcp.addTool('summarize');
    await expect
      .poll(async () => {
        const detail = (
          await client.inject({ method: 'GET', url: '/api/integrations/mcp-notes' })
        ).json();
        return detail.actions.map((a: { name: string }) => a.name);
      })
      .toContain('summarize');
    const run = await execute({ action: 'summarize', params: {} });
    expect(run.json()).toMatchObject({
      ok: true,
      result: { content: [{ text: 'summarize ran' }] },
    });
  });

  it('keeps the token out of the database, the answers, the audit and the logs', async () => {
    const settings = await t.sql.db.selectFrom('settings').selectAll().execute();
    expect(JSON.stringify(settings)).not.toContain(TOKEN);
    for (const url of [
      SERVERS,
      `${SERVERS}/notes`,
      '/api/integrations/mcp-notes',
      '/api/integrations',
    ])
      expect((await client.inject({ method: 'GET', url })).body).not.toContain(TOKEN);
    await t.app.audit.flush();
    const audit = await client.inject({ method: 'GET', url: '/api/audit?limit=200' });
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('integration.mcp_register');
    expect(audit.body).not.toContain(TOKEN);
    expect(logLines.join('')).not.toContain(TOKEN);
  });

  it('refuses a blocked URL, a URL with credentials, a taken name and a bad name', async () => {
    const post = (payload: object) => client.inject({ method: 'POST', url: SERVERS, payload });
    const metadata = await post({
      name: 'meta',
      transport: 'http',
      url: 'http://169.254.169.254/mcp',
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().error).toBe('url_blocked');
    const userinfo = await post({
      name: 'creds',
      transport: 'http',
      url: mcp.url.replace('http://', 'http://user:pw@'),
    });
    expect(userinfo.json().error).toBe('validation_error');
    const taken = await post({ name: 'notes', transport: 'http', url: mcp.url });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('mcp_server_exists');
    expect((await post({ name: 'Bad Name', transport: 'stdio', command: ['x'] })).statusCode).toBe(
      400,
    );
    const names = (await client.inject({ method: 'GET', url: SERVERS })).json().servers;
    expect(names.map((s: { name: string }) => s.name)).toEqual(['notes']);
  });

  it('removes the server: connector, token, settings and overrides gone', async () => {
    const removed = await client.inject({ method: 'DELETE', url: `${SERVERS}/notes` });
    expect(removed.statusCode).toBe(200);
    expect((await client.inject({ method: 'GET', url: SERVERS })).json().servers).toEqual([]);
    expect((await execute({ action: 'read_notes' })).json().error).toBe('integration_not_found');
    expect(await t.app.vault.get('integrations/mcp-notes/token')).toBeNull();
    const settings = await t.sql.db.selectFrom('settings').select('key').execute();
    expect(settings.map((row) => row.key).filter((key) => key.includes('notes'))).toEqual([]);
    expect((await client.inject({ method: 'DELETE', url: `${SERVERS}/notes` })).statusCode).toBe(
      404,
    );
  });
});
