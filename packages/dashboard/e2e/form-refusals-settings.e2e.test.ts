import { type Client, type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  expectExplained,
  expectNoToast,
  fieldError,
  formRefusal,
  refuseNext,
} from './support/refusals';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

/**
 * Every settings form shows the runtime's refusal where the operator looks: under the field the
 * `details` name, else the server's message with its code. Real refusals wherever the server
 * refuses what the form lets through; otherwise the real endpoint's answer is replaced by one in
 * the runtime's error shape.
 */
describeInBrowser('dashboard: settings forms show why the runtime refused', () => {
  let runtime: BrowserRuntime;
  let admin: Client;
  let fake: FakeModelServer;

  beforeAll(async () => {
    runtime = await startBrowserRuntime();
    admin = await runtime.server.login();
    fake = await startFakeOpenAi({ models: ['e2e-small', 'e2e-large'] });
  });
  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
  });

  test('connector credentials: the field the runtime named, with its reason', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);
    await page.goto('/integrations/grafana');
    const form = page.getByRole('form', { name: 'Credentials' });
    const token = form.getByLabel('Service account token (Administration > Service accounts)');
    await token.fill('not-a-grafana-token');
    await form.getByRole('button', { name: 'Save credentials' }).click();
    expect(await fieldError(token)).toContain('does not look like a Service account token');
    // Said once, where it belongs: no toast repeats it.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('connector base URL and run form: field messages from details, else message and code', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/integrations/grafana');
    const baseUrl = page.getByRole('form', { name: 'Base URL' });
    await refuseNext(page, 'PUT', '/api/integrations/grafana/base-url', 400, {
      error: 'validation_error',
      message: 'Invalid base URL',
      details: [{ path: '/base_url', message: 'must use https' }],
    });
    await baseUrl.getByLabel('Your server').fill('http://grafana.example');
    await baseUrl.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(baseUrl.getByLabel('Your server'))).toContain('must use https');

    const run = page.getByRole('form', { name: 'Run an action' });
    await refuseNext(page, 'POST', '/api/integrations/grafana/execute', 403, {
      error: 'policy_denied',
      message: 'The policy gate refused list_alerts in SAFE mode',
    });
    await run.getByRole('button', { name: /^Run / }).click();
    const refusal = await formRefusal(page, 'execute-error');
    expect(refusal).toContain('policy_denied');
    expect(refusal).toContain('The policy gate refused list_alerts in SAFE mode');
  });

  test('MCP server: a name the runtime refuses is marked on the name field', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/integrations');
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    const name = form.getByRole('textbox', { name: 'Name' });
    await name.fill('Not A Name!');
    await form.getByRole('textbox', { name: 'URL' }).fill('https://mcp.example/mcp');
    await form.getByRole('button', { name: 'Add server' }).click();
    expect(await fieldError(name)).toContain('lowercase letters, digits and -');
  });

  test('model provider: an id already taken is marked on the id field', async () => {
    await admin.inject({
      method: 'POST',
      url: '/api/models/providers',
      payload: {
        provider_id: 'local',
        kind: 'openai_compatible',
        label: 'Local',
        base_url: 'https://llm.example/v1',
      },
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/models');
    await page.getByRole('button', { name: 'Add provider' }).first().click();
    const form = page.getByRole('form', { name: 'Add provider' });
    await form.getByRole('textbox', { name: 'Label' }).fill('Local');
    const id = form.getByRole('textbox', { name: 'Provider id' });
    await id.fill('local');
    await form.getByRole('textbox', { name: 'Base URL' }).fill('https://llm.example/v1');
    await form.getByRole('button', { name: 'Add provider' }).click();
    expect(await fieldError(id)).toContain('local');
  });

  test('identity and prime.md: details under the field, a conflict-free refusal with its code', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/identity');
    await page.getByRole('button', { name: 'Edit identity' }).click();
    const identity = page.getByRole('form', { name: 'Edit identity' });
    await refuseNext(page, 'PATCH', '/api/identity', 400, {
      error: 'validation_error',
      message: 'Invalid identity',
      details: [{ path: '/persona', message: 'names a secret the model must not see' }],
    });
    await identity.getByLabel('Persona').fill('Calm. The API key is sk-live-1234.');
    await identity.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(identity.getByLabel('Persona'))).toContain('names a secret');

    await page.goto('/config');
    const prime = page.getByRole('form', { name: 'Edit prime.md' });
    await refuseNext(page, 'PUT', '/api/config/prime', 503, {
      error: 'store_unavailable',
      message: 'The database did not answer in time',
    });
    await prime.getByRole('textbox').first().fill('Answer in English.');
    await prime.getByRole('button', { name: /^Save/ }).click();
    const refusal = await formRefusal(prime);
    expect(refusal).toContain('The database did not answer in time');
    expect(refusal).toContain('store_unavailable');
    expect(refusal).toContain('503');
  });

  test('runtime parameter: a value out of bounds is refused under the value', async () => {
    const listed = await admin.inject({ method: 'GET', url: '/api/config/parameters' });
    const parameter = (
      listed.json() as { parameters: { name: string; max: number | null }[] }
    ).parameters.find((candidate) => candidate.max !== null);
    if (!parameter) throw new Error('no bounded runtime parameter');
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/config?tab=parameters');
    await page.getByRole('tab', { name: /parameters/i }).click();
    await page.getByRole('button', { name: `Edit ${parameter.name}` }).click();
    const form = page.getByRole('form', { name: `Edit ${parameter.name}` });
    const value = form.getByRole('textbox');
    await value.fill(String((parameter.max ?? 0) + 1));
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(value)).toContain(`must be a whole number from`);
  });

  test('password: the rule the new password broke, under it', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/overview');
    await page.getByRole('button', { name: 'Change password' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel(/^Current password/).fill('test-password-1234');
    const next = dialog.getByLabel(/^New password/);
    await next.fill('short');
    await dialog.getByLabel(/^Repeat new password/).fill('short');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    expect(await fieldError(next)).toContain('at least 12 characters');

    await dialog.getByLabel(/^Current password/).fill('not-the-password');
    await next.fill('a-long-enough-password');
    await dialog.getByLabel(/^Repeat new password/).fill('a-long-enough-password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    expect(await fieldError(dialog.getByLabel(/^Current password/))).toContain(
      'The current password is not correct',
    );
  });

  test('panic reset: a refused run says why, with its code', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/reset');
    await refuseNext(page, 'POST', '/api/reset', 409, {
      error: 'reset_running',
      message: 'A reset is already running',
    });
    await page.getByLabel('Type RESET AGENT to confirm').pressSequentially('RESET AGENT');
    await page.getByTestId('reset-submit').click();
    const refusal = await formRefusal(page, 'reset-error');
    expect(refusal).toContain('A reset is already running');
    expect(refusal).toContain('reset_running');
  });

  test('prime.md version: a refused restore is explained in its dialog', async () => {
    const save = (content: string, base: number) =>
      admin.inject({
        method: 'PUT',
        url: '/api/config/prime',
        payload: { content, base_version: base },
      });
    const { version } = (await admin.inject({ url: '/api/config/prime' })).json<{
      version: number;
    }>();
    expect((await save('Answer in British English.', version)).statusCode).toBe(200);
    expect((await save('Answer in French.', version + 1)).statusCode).toBe(200);
    const old = version + 1;
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/config');
    await page
      .getByRole('list', { name: 'prime.md versions' })
      .getByRole('listitem', { name: `Version ${old}` })
      .getByRole('button', { name: 'View' })
      .click();
    const dialog = page.getByRole('dialog', { name: `prime.md version ${old}` });
    await refuseNext(page, 'POST', `/api/config/prime/restore/${old}`, 500, {
      error: 'internal_error',
      message: 'Internal server error',
    });
    await dialog.getByRole('button', { name: `Restore version ${old}` }).click();
    expectExplained(await formRefusal(dialog), 'Internal server error', 'internal_error');
    await expectNoToast(page);
  });

  test('default model, catalog and provider removal: each refusal with its message and code', async () => {
    const created = await admin.inject({
      method: 'POST',
      url: '/api/models/providers',
      payload: {
        provider_id: 'fake',
        kind: 'openai_compatible',
        label: 'Fake',
        base_url: fake.baseUrl,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const gone = { error: 'not_found', message: 'No model provider fake' };
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/models');
    const form = page.getByRole('form', { name: 'Default model' });
    await form.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'Fake (fake)' }).click();
    await form.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'e2e-large' }).click();
    await refuseNext(page, 'PUT', '/api/models/default', 404, gone);
    await form.getByRole('button', { name: 'Save default' }).click();
    expectExplained(await formRefusal(form), gone.message, gone.error);

    const card = page.locator('[data-provider="fake"]');
    await card.getByRole('button', { name: 'Models' }).click();
    const drawer = page.getByRole('dialog', { name: 'Models of Fake' });
    const pinned = 'DEFAULT_MODEL is set in the environment; unset it to choose the default here';
    await refuseNext(page, 'PUT', '/api/models/default', 409, {
      error: 'default_managed_by_env',
      message: pinned,
    });
    await drawer
      .locator('tr[data-model="e2e-small"]')
      .getByRole('button', { name: 'Make default' })
      .click();
    expectExplained(await formRefusal(drawer), pinned, 'default_managed_by_env');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await refuseNext(page, 'DELETE', '/api/models/providers/fake', 404, gone);
    await card.getByRole('button', { name: 'Remove' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Fake?' });
    await remove.getByRole('button', { name: 'Remove provider' }).click();
    expectExplained(await formRefusal(remove), gone.message, gone.error);
    await expectNoToast(page);
  });

  test('a provider that cannot be reached or tested: its catalog and test say why, with the code', async () => {
    // A real failure: nothing listens on the provider's port, so its catalog cannot be read.
    const down = await startFakeOpenAi({ models: ['gone'] });
    await down.close();
    const created = await admin.inject({
      method: 'POST',
      url: '/api/models/providers',
      payload: {
        provider_id: 'down',
        kind: 'openai_compatible',
        label: 'Down',
        base_url: down.baseUrl,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/models');
    const card = page.locator('[data-provider="down"]');
    await card.getByRole('button', { name: 'Models' }).click();
    const drawer = page.getByRole('dialog', { name: 'Models of Down' });
    const unlisted = await formRefusal(drawer, 'catalog-error');
    expect(unlisted).toContain('The provider did not list its models');
    expect(unlisted).toMatch(/HTTP 502 · \w+/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const limited = {
      error: 'rate_limited',
      message: 'Too many provider tests; try again in 60 s',
    };
    await refuseNext(page, 'POST', '/api/models/providers/down/test', 429, limited);
    await card.getByRole('button', { name: 'Test' }).click();
    const result = await formRefusal(card, 'provider-test-result');
    expect(result).toContain('The test could not run');
    expectExplained(result, limited.message, limited.error);
    await expectNoToast(page);
  });
});
