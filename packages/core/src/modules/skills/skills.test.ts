import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { AUTONOMY_MODES, needsConfirmation } from './autonomy.js';
import { CAPABILITY_LEVELS } from './skill.js';

describe('skills and the autonomy mode', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = await t.login();
  });
  afterAll(() => t.close());

  it('needs confirmation exactly as SPEC table says', () => {
    const table = Object.fromEntries(
      AUTONOMY_MODES.map((mode) => [
        mode,
        CAPABILITY_LEVELS.filter((level) => needsConfirmation(level, mode)),
      ]),
    );
    expect(table).toEqual({
      SEMI: ['RESTRICTED', 'PRIVILEGED'],
      MANUAL: ['SAFE', 'MONITORED', 'CONTROLLED', 'RESTRICTED', 'PRIVILEGED'],
      FULL: [],
    });
  });

  it('lists every skill with its SPEC level, availability and input schema', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/skills' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.mode).toBe('SEMI');
    expect(body.isolation).toEqual(t.app.sandbox.isolation());
    const levels = Object.fromEntries(
      body.skills.map((s: { name: string; level: string }) => [s.name, s.level]),
    );
    // SPEC's capability table.
    expect(levels).toEqual({
      calculate: 'SAFE',
      datetime_skill: 'SAFE',
      system_info: 'SAFE',
      fetch_url: 'MONITORED',
      http_request: 'MONITORED',
      web_search: 'MONITORED',
      browser: 'MONITORED',
      mail: 'CONTROLLED',
      reminders: 'CONTROLLED',
      task_manager: 'CONTROLLED',
      agent_manager: 'CONTROLLED',
      notes: 'CONTROLLED',
      memory_search: 'CONTROLLED',
      memory_write: 'CONTROLLED',
      memory_replace: 'CONTROLLED',
      memory_forget: 'CONTROLLED',
      // Its calls are judged by each action's risk level (read CONTROLLED, write RESTRICTED, ...).
      integration_skill: 'CONTROLLED',
      subscribe: 'CONTROLLED',
      monitors: 'CONTROLLED',
      shell: 'RESTRICTED',
      python_exec: 'RESTRICTED',
      self_improve: 'PRIVILEGED',
      container_control: 'PRIVILEGED',
    });
    const search = body.skills.find((s: { name: string }) => s.name === 'web_search');
    expect(search).toMatchObject({ available: false, needs_confirmation: false });
    expect(search.unavailable_reason).toMatch(/SEARXNG_URL or BRAVE_API_KEY/);
    const shell = body.skills.find((s: { name: string }) => s.name === 'shell');
    expect(shell.needs_confirmation).toBe(true);
    const calculate = body.skills.find((s: { name: string }) => s.name === 'calculate');
    expect(calculate.input_schema.properties.expression.type).toBe('string');
  });

  it('stores a mode change, applies it to the listing, and audits it', async () => {
    const changed = await client.inject({
      method: 'PUT',
      url: '/api/autonomy',
      payload: { mode: 'MANUAL' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ mode: 'MANUAL', modes: ['SEMI', 'MANUAL', 'FULL'] });
    const listing = (await client.inject({ method: 'GET', url: '/api/skills' })).json();
    expect(listing.skills.every((s: { needs_confirmation: boolean }) => s.needs_confirmation)).toBe(
      true,
    );
    // The mode is stored: a restart keeps it.
    t = await t.restart();
    client = await t.login();
    expect((await client.inject({ method: 'GET', url: '/api/autonomy' })).json().mode).toBe(
      'MANUAL',
    );
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'autonomy.mode_change' });
    expect(entries[0]).toMatchObject({ actor: 'admin', detail: { from: 'SEMI', to: 'MANUAL' } });
  });

  it('refuses an unknown mode and an unsigned change', async () => {
    const bad = await client.inject({
      method: 'PUT',
      url: '/api/autonomy',
      payload: { mode: 'YOLO' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_error');
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/api/autonomy',
      payload: { mode: 'FULL' },
      headers: { cookie: client.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/autonomy',
      payload: { mode: 'FULL' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await client.inject({ method: 'GET', url: '/api/autonomy' })).json().mode).not.toBe(
      'FULL',
    );
  });
});
