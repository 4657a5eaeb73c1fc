import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../logger.js';
import { type Client, createTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectedUid, pidsWith } from '../../sandbox/sandbox-testing.js';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/stdio-server.mjs');
const SERVERS = '/api/integrations/mcp/servers';
/** In the runtime's environment: a sandboxed server must not see it. */
const RUNTIME_SECRET = 'MCP_TEST_RUNTIME_SECRET';

/*
 * SANDBOX=none: the script and the SDK it imports live in the repository, which bubblewrap hides
 * from sandboxed programs, so the server runs under the other sandbox rules (another user when
 * the tests run as root, the clean environment, the workspace). The bubblewrap command line
 * itself is the shell's, tested in the sandbox suites.
 */
describe('MCP server on stdio under the sandbox rules', () => {
  let t: TestApp;
  let client: Client;
  const marker = `mcp-marker-${randomBytes(4).toString('hex')}`;
  const logLines: string[] = [];

  beforeAll(async () => {
    process.env[RUNTIME_SECRET] = 'runtime-only-value';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      env: { SANDBOX: 'none' },
      logger: pino(loggerOptions('trace'), sink),
    });
    client = await t.login();
    // Booting the app takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    delete process.env[RUNTIME_SECRET];
    await t?.close();
  });

  const execute = (body: object) =>
    client.inject({ method: 'POST', url: '/api/integrations/mcp-local/execute', payload: body });

  it('starts the command, lists its tools with their risks and runs a read-only one', async () => {
    const created = await client.inject({
      method: 'POST',
      url: SERVERS,
      payload: { name: 'local', transport: 'stdio', command: [process.execPath, SCRIPT, marker] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      integration_id: 'mcp-local',
      transport: 'stdio',
      url: null,
      token_set: false,
      status: 'connected',
      server: { name: 'local-tools', version: '0.1.0' },
    });
    const risks = Object.fromEntries(
      created
        .json()
        .tools.map((tool: { action: string; risk: string }) => [tool.action, tool.risk]),
    );
    expect(risks).toEqual({
      whoami: 'read',
      env_digest: 'read',
      wipe_workspace: 'destructive',
      learn: 'write',
    });
    expect(await pidsWith(marker)).toHaveLength(1);

    await t.app.autonomy.setMode('SEMI', 'test', null);
    const run = await execute({ action: 'whoami' });
    expect(run.statusCode).toBe(200);
    const seen = JSON.parse(run.json().result.content[0].text);
    expect(seen.uid).toBe(expectedUid);
    expect(seen.env).toEqual(['HOME', 'LANG', 'PATH']);
    expect(seen.cwd).toBe(t.app.sandbox.workspace);
  });

  it('waits for the operator before a destructive tool in SEMI mode', async () => {
    await t.app.autonomy.setMode('SEMI', 'test', null);
    const held = await execute({ action: 'wipe_workspace' });
    expect(held.statusCode).toBe(202);
    const { confirmation_id } = held.json();
    await client.inject({ method: 'POST', url: `/api/confirmations/${confirmation_id}/deny` });
    const denied = await execute({ action: 'wipe_workspace', confirmation_id });
    expect(denied.json().error).toBe('policy_denied');
  });

  it('picks up a tool the server adds, and marks its answers untrusted', async () => {
    await t.app.autonomy.setMode('FULL', 'test', null);
    const learned = await execute({ action: 'learn', params: { word: 'hello-there' } });
    expect(learned.json()).toMatchObject({
      ok: true,
      result: { content: [{ text: 'learned hello-there' }] },
    });
    await expect
      .poll(async () =>
        (await client.inject({ method: 'GET', url: `${SERVERS}/local` }))
          .json()
          .tools.map((tool: { action: string }) => tool.action),
      )
      .toContain('hello_there');

    const skill = t.app.skills.get('integration_skill');
    if (!skill) throw new Error('integration_skill is not registered');
    const input = await skill.inputSchema.parseAsync({
      integration_id: 'mcp-local',
      action: 'hello_there',
      params: {},
    });
    const output = await skill.execute(input, {
      signal: new AbortController().signal,
      requestId: 'r-mcp-stdio',
      chatId: null,
      goalId: null,
      actor: 'test',
      depth: 0,
      log: t.app.log,
    });
    expect(output).toMatchObject({ untrusted: true, source: 'integration mcp-local.hello_there' });
    expect(output.text).toContain('hello-there');
  });

  it('gives the program the secrets the operator assigned as environment variables, and nothing shows them', async () => {
    const first = `stdio-key-${randomBytes(12).toString('hex')}`;
    const second = `stdio-key-${randomBytes(12).toString('hex')}`;
    const keyedMarker = `${marker}-keyed`;
    const digest = (value: string) => createHash('sha256').update(value).digest('hex');
    const run = (body: object) =>
      client.inject({ method: 'POST', url: '/api/integrations/mcp-keyed/execute', payload: body });
    const seenDigest = async () => {
      const answer = await run({ action: 'env_digest', params: { name: 'SERVICE_API_KEY' } });
      expect(answer.statusCode, answer.body).toBe(200);
      return JSON.parse(answer.json().result.content[0].text).digest;
    };
    await t.app.autonomy.setMode('SEMI', 'test', null);

    const created = await client.inject({
      method: 'POST',
      url: SERVERS,
      payload: {
        name: 'keyed',
        transport: 'stdio',
        command: [process.execPath, SCRIPT, keyedMarker],
        env: { SERVICE_API_KEY: first },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'connected', env: ['SERVICE_API_KEY'] });
    expect(created.body).not.toContain(first);
    // Exactly the clean environment plus the assigned variable, with its value.
    const whoami = await run({ action: 'whoami' });
    expect(JSON.parse(whoami.json().result.content[0].text).env).toEqual([
      'HOME',
      'LANG',
      'PATH',
      'SERVICE_API_KEY',
    ]);
    expect(await seenDigest()).toBe(digest(first));
    // Never on a command line, which every user of the machine can read.
    expect(await processesWith(first)).toEqual([]);

    // A new value from the credentials API: the program is started again with it.
    const [pid] = await pidsWith(keyedMarker);
    const changed = await client.inject({
      method: 'PUT',
      url: '/api/integrations/mcp-keyed/credentials',
      payload: { values: { SERVICE_API_KEY: second } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain(second);
    expect(await seenDigest()).toBe(digest(second));
    await expect.poll(() => pidsWith(keyedMarker)).not.toContain(pid);

    const detail = await client.inject({ method: 'GET', url: '/api/integrations/mcp-keyed' });
    expect(detail.json().fields).toEqual([
      expect.objectContaining({ name: 'SERVICE_API_KEY', secret: true, set: true }),
    ]);
    for (const url of [
      SERVERS,
      `${SERVERS}/keyed`,
      '/api/integrations/mcp-keyed',
      '/api/integrations',
    ])
      expect((await client.inject({ method: 'GET', url })).body).not.toMatch(/stdio-key-/);
    const settings = await t.sql.db.selectFrom('settings').selectAll().execute();
    expect(JSON.stringify(settings)).not.toMatch(/stdio-key-/);
    await t.app.audit.flush();
    const audit = await client.inject({ method: 'GET', url: '/api/audit?limit=200' });
    expect(audit.body).toContain('integration.mcp_register');
    expect(audit.body).not.toMatch(/stdio-key-/);
    expect(logLines.join('')).not.toMatch(/stdio-key-/);

    // The sandbox's own variables cannot be replaced, and names are checked.
    for (const env of [{ PATH: '/tmp' }, { 'BAD-NAME': 'x' }, { OK_NAME: 'line\nbreak' }]) {
      const refused = await client.inject({
        method: 'POST',
        url: SERVERS,
        payload: { name: 'refused', transport: 'stdio', command: ['true'], env },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('validation_error');
    }
    expect((await client.inject({ method: 'DELETE', url: `${SERVERS}/keyed` })).statusCode).toBe(
      200,
    );
    expect(await t.app.vault.get('integrations/mcp-keyed/SERVICE_API_KEY')).toBeNull();
    await expect.poll(() => pidsWith(keyedMarker)).toEqual([]);
  });

  it('stops the program when the server is removed', async () => {
    const removed = await client.inject({ method: 'DELETE', url: `${SERVERS}/local` });
    expect(removed.statusCode).toBe(200);
    await expect.poll(() => pidsWith(marker)).toEqual([]);
    expect(
      (await client.inject({ method: 'GET', url: '/api/integrations/mcp-local' })).statusCode,
    ).toBe(404);
  });
});

/** Processes whose command line contains `text` anywhere. */
async function processesWith(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(text)) pids.push(Number(entry));
  }
  return pids;
}
