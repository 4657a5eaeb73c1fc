import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Client } from '@agent-runtime/core/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  startMcpHttpServer,
  type TestMcpHttpServer,
} from '../../core/src/modules/integrations/mcp/testing/mcp-test-server';
import { type LocalServer, startLocalServer } from '../../core/src/testing/local-server';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

const TOKEN = 'Bearer e2e-upstream-token-7f3a9c21d8b4';
const MCP_TOKEN = 'e2e-mcp-token-52c1e9a0b7d4';
/** An MCP server on stdio, built with the SDK; its env_digest tool hashes a variable's value. */
const STDIO_SERVER = path.resolve(
  import.meta.dirname,
  '../../core/src/modules/integrations/mcp/testing/stdio-server.mjs',
);
const STDIO_SECRET = 'e2e-stdio-secret-9d41c7e2a5';

/**
 * A self-hosted API the operator points the generic HTTP connector at: it wants the token, keeps
 * a list of items, and fails with 500 while `failing` is set (a 5xx counts against the breaker).
 */
async function startUpstream() {
  const items: unknown[] = [{ id: 1, name: 'lamp' }];
  const state = { failing: false };
  const server = await startLocalServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== TOKEN) return send(401, { error: 'unauthorized' });
    if (state.failing) return send(500, { error: 'database unavailable' });
    if (request.method === 'POST' && request.url === '/api/items') {
      const item = { id: items.length + 1, ...JSON.parse(request.body) };
      items.push(item);
      return send(201, item);
    }
    // The connection test: GET on the base URL itself.
    if (request.method === 'GET' && /^\/api\/?$/.test(request.url))
      return send(200, { service: 'inventory' });
    if (request.method === 'GET' && request.url.startsWith('/api/items'))
      return send(200, { items });
    send(404, { error: 'not found' });
  });
  return { server, state };
}

const calls = (upstream: LocalServer, method: string) =>
  upstream.requests.filter((request) => request.method === method).length;

describeInBrowser('dashboard: integrations', () => {
  let runtime: BrowserRuntime;
  let admin: Client;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let mcp: TestMcpHttpServer;

  beforeAll(async () => {
    upstream = await startUpstream();
    mcp = await startMcpHttpServer(MCP_TOKEN);
    runtime = await startBrowserRuntime({
      // The MCP server listens on this host: an operator allows such a host the same way.
      // SANDBOX=none: bubblewrap hides the repository, where the stdio server's script lives (the
      // sandbox's own rules are tested in its suites).
      env: {
        CB_FAILURE_THRESHOLD: '2',
        CB_RECOVERY_TIMEOUT: '60s',
        SSRF_ALLOWLIST: '127.0.0.1',
        SANDBOX: 'none',
      },
    });
    admin = await runtime.server.login();
    // Writes wait for the operator in SEMI mode; the last test relies on it.
    const mode = await admin.inject({
      method: 'PUT',
      url: '/api/autonomy',
      payload: { mode: 'SEMI' },
    });
    expect(mode.statusCode).toBe(200);
  });
  afterAll(async () => {
    await runtime?.close();
    await upstream?.server.close();
    await mcp?.close();
  });

  const runAction = async (page: Page, action: string, fields: Record<string, string>) => {
    const form = page.getByRole('form', { name: 'Run an action' });
    const select = form.getByRole('combobox', { name: 'Action' });
    if ((await select.inputValue()) !== action) {
      await select.click();
      await page.getByRole('option', { name: action, exact: true }).click();
    }
    for (const [name, value] of Object.entries(fields))
      await form.getByRole('textbox', { name, exact: true }).fill(value);
    await form.getByRole('button', { name: `Run ${action}` }).click();
  };
  /** The header's badge (the health panel shows the same one further down). */
  const breakerState = (page: Page): Locator => page.getByTestId('breaker-state').first();

  test('finds the generic connector by search, category and state', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations');
    expect(await page.title()).toBe('Integrations · Agent Runtime');
    const table = page.getByRole('table', { name: 'Connectors' });
    // The first listing loads the connector modules and reads their settings, breakers and call
    // counts; on a loaded machine that can take longer than the default wait.
    await page.getByTestId('connectors-count').waitFor({ timeout: 30_000 });
    const total = Number((await page.getByTestId('connectors-count').innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThanOrEqual(45);

    await page.getByPlaceholder('Name or id').fill('generic http');
    await expect.poll(() => table.getByTestId('connector-row').count()).toBe(1);
    const row = table.getByTestId('connector-row');
    expect(await row.textContent()).toContain('Not configured');

    // Open APIs need no credentials and count as configured; the generic one needs its server.
    await page.getByPlaceholder('Name or id').fill('');
    const states = page.getByRole('radiogroup', { name: 'State' });
    await states.getByText('Configured', { exact: true }).click();
    await table.getByRole('link', { name: 'Hacker News' }).waitFor();
    const configured = await table.getByTestId('connector-row').allTextContents();
    expect(configured.length).toBeLessThan(total);
    expect(configured.filter((text) => text.includes('Not configured'))).toEqual([]);
    await states.getByText('Not configured', { exact: true }).click();
    await table.getByRole('link', { name: 'Generic HTTP API' }).waitFor();
    await expect
      .poll(() => table.getByTestId('connector-row').count())
      .toBe(total - configured.length);
    await states.getByText('Breaker open', { exact: true }).click();
    await page.getByText('No connector matches').waitFor();
    await states.getByText('All', { exact: true }).click();

    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Public data' }).click();
    await expect
      .poll(async () => (await table.getByTestId('connector-row').allInnerTexts()).join('\n'))
      .toContain('CoinGecko');
    expect(await table.getByTestId('connector-row').allInnerTexts()).not.toContainEqual(
      expect.stringContaining('GitHub'),
    );
    await table.getByRole('link', { name: 'Wikipedia' }).click();
    await page.getByRole('heading', { name: 'Wikipedia' }).waitFor();
    expect(problems).toEqual([]);
  });

  test('configures a connector, tests it, runs an action, opens and resets its breaker', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations/http');
    await page.getByRole('heading', { name: 'Generic HTTP API' }).waitFor();

    const baseUrl = page.getByRole('form', { name: 'Base URL' });
    await baseUrl.getByRole('textbox').fill(`${upstream.server.url}/api`);
    await baseUrl.getByRole('button', { name: 'Save' }).click();

    // Write-only: once saved, the field is empty again and the page holds only "set".
    const secret = page.getByLabel('Authorization header value');
    await secret.fill(TOKEN);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect.poll(() => page.getByTestId('field-state').first().textContent()).toBe('set');
    await expect.poll(() => secret.inputValue()).toBe('');
    expect(await page.content()).not.toContain('e2e-upstream-token');

    await page.getByRole('button', { name: 'Test connection' }).click();
    expect(await page.getByTestId('test-result').innerText()).toContain('Connection works');

    await runAction(page, 'get', { path: 'items' });
    const result = page.getByTestId('execute-result');
    await expect.poll(() => result.innerText()).toContain('"lamp"');
    expect(await result.innerText()).toContain('HTTP 200');
    const recent = page.getByRole('table', { name: 'Recent calls' });
    await expect.poll(() => recent.getByTestId('call-row').count()).toBe(2);
    const newest = recent.getByTestId('call-row').first();
    expect(await newest.getAttribute('data-status')).toBe('ok');
    expect(await newest.textContent()).toMatch(/^.*get.*api · admin.*200/);

    // Two failures in a row open the circuit; the third call never reaches the upstream.
    upstream.state.failing = true;
    const error = page.getByTestId('execute-error');
    for (let failure = 1; failure <= 2; failure++) {
      await runAction(page, 'get', {});
      await expect.poll(() => error.innerText()).toContain('upstream_error');
      await expect
        .poll(() => recent.locator('[data-testid=call-row][data-status=error]').count())
        .toBe(failure);
    }
    await expect.poll(() => breakerState(page).getAttribute('data-state')).toBe('OPEN');
    expect(await page.getByTestId('error-rate').innerText()).toContain('50 %');
    const sent = calls(upstream.server, 'GET');
    await runAction(page, 'get', {});
    await expect.poll(() => error.innerText()).toContain('circuit_open');
    expect(calls(upstream.server, 'GET')).toBe(sent);

    upstream.state.failing = false;
    await page.getByRole('button', { name: 'Reset breaker' }).click();
    await expect.poll(() => breakerState(page).getAttribute('data-state')).toBe('CLOSED');
    await runAction(page, 'get', { path: 'items' });
    await expect.poll(() => result.innerText()).toContain('"lamp"');
    expect(problems).toEqual([]);
  });

  test('a write waits for approval, shows its dry run, and runs once approved', async () => {
    // The same setup the test above does through the page, so this one can run alone.
    const setup = [
      {
        url: '/api/integrations/http/base-url',
        payload: { base_url: `${upstream.server.url}/api` },
      },
      { url: '/api/integrations/http/credentials', payload: { values: { authorization: TOKEN } } },
    ];
    for (const { url, payload } of setup)
      expect((await admin.inject({ method: 'PUT', url, payload })).statusCode).toBe(200);
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations/http');
    await page.getByRole('heading', { name: 'Generic HTTP API' }).waitFor();

    await runAction(page, 'post', { path: 'items', body: '{"name": "desk"}' });
    const confirmation = page.getByTestId('execute-confirmation');
    await expect.poll(() => confirmation.innerText()).toContain(`${upstream.server.url}/api/items`);
    expect(await confirmation.innerText()).toContain('POST');
    expect(await confirmation.innerText()).not.toContain('e2e-upstream-token');
    expect(calls(upstream.server, 'POST')).toBe(0);

    await confirmation.getByRole('button', { name: 'Approve and run' }).click();
    const result = page.getByTestId('execute-result');
    await expect.poll(() => result.innerText()).toContain('"desk"');
    expect(await result.innerText()).toContain('HTTP 201');
    expect(calls(upstream.server, 'POST')).toBe(1);

    // The operator raises a read to a write: in SEMI mode it now asks first too.
    const get = page.locator('[data-testid=action-row][data-action=get]');
    expect(await get.textContent()).toContain('runs directly');
    await get.getByRole('combobox', { name: 'Risk of get' }).click();
    await page.getByRole('option', { name: 'write', exact: true }).click();
    await expect.poll(() => get.textContent()).toContain('asks first');
    await get.getByRole('combobox', { name: 'Risk of get' }).click();
    await page.getByRole('option', { name: 'read (default)' }).click();
    await expect.poll(() => get.textContent()).toContain('runs directly');
    expect(problems).toEqual([]);
  });

  test('adds an MCP server, runs one of its tools through the pipeline, and removes it', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations');
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByRole('textbox', { name: 'Name' }).fill('notes');
    await form.getByRole('textbox', { name: 'URL' }).fill(mcp.url);
    await form.getByLabel('Bearer token').fill(MCP_TOKEN);
    await form.getByRole('button', { name: 'Add server' }).click();

    const row = page.locator('[data-testid=mcp-server-row][data-name=notes]');
    await expect.poll(() => row.textContent()).toContain('connected');
    expect(await row.textContent()).toContain('3 tools');
    // The token went to the server, and never back to the page.
    expect(mcp.authorizations).toContain(`Bearer ${MCP_TOKEN}`);
    expect(await form.getByLabel('Bearer token').inputValue()).toBe('');
    expect(await page.content()).not.toContain(MCP_TOKEN);

    // Its tools are the connector's actions, with risk from their annotations.
    await row.getByRole('link', { name: 'mcp-notes' }).click();
    await page.waitForURL('**/integrations/mcp-notes');
    const destructive = page.locator('[data-testid=action-row][data-action=delete_note]');
    await expect.poll(() => destructive.textContent()).toContain('asks first');
    await runAction(page, 'read_notes', {});
    const result = page.getByTestId('execute-result');
    await expect.poll(() => result.innerText()).toContain('buy milk');
    expect(mcp.calls.map((call) => call.tool)).toEqual(['read-notes']);

    await page.goto('/integrations');
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove mcp-notes' }).click();
    await row.waitFor({ state: 'detached' });
    const listed = await admin.inject({ method: 'GET', url: '/api/integrations/mcp/servers' });
    expect(listed.json().servers).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('adds a command server with a secret in its environment, which the page never shows', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations');
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByRole('textbox', { name: 'Name' }).fill('tools');
    await form.getByText('Command (stdio)').click();
    await form
      .getByRole('textbox', { name: 'Command' })
      .fill(`${process.execPath}\n${STDIO_SERVER}`);
    await form.getByRole('button', { name: 'Add variable' }).click();
    await form.getByRole('textbox', { name: 'Variable 1 name' }).fill('TOOLS_API_KEY');
    await form.getByLabel('Variable 1 value').fill(STDIO_SECRET);
    await form.getByRole('button', { name: 'Add server' }).click();

    const row = page.locator('[data-testid=mcp-server-row][data-name=tools]');
    await expect.poll(() => row.textContent()).toContain('connected');
    expect(await row.getByTestId('mcp-server-env').textContent()).toBe('env: TOOLS_API_KEY');
    // The form forgot the value; the page never had it back.
    expect(await form.getByTestId('mcp-env-row').count()).toBe(0);
    expect(await page.content()).not.toContain(STDIO_SECRET);

    // The program got it as its environment: the tool hashes what it sees.
    await row.getByRole('link', { name: 'mcp-tools' }).click();
    await page.waitForURL('**/integrations/mcp-tools');
    await runAction(page, 'env_digest', { name: 'TOOLS_API_KEY' });
    const digest = createHash('sha256').update(STDIO_SECRET).digest('hex');
    await expect.poll(() => page.getByTestId('execute-result').innerText()).toContain(digest);
    expect(await page.content()).not.toContain(STDIO_SECRET);

    const removed = await admin.inject({
      method: 'DELETE',
      url: '/api/integrations/mcp/servers/tools',
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(problems).toEqual([]);
  });
});
