import { describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import type { Agent } from './agents.schema.js';
import { agentsHarness } from './agents-harness.js';

/** Records and their errors, on every SQL backend (no model needed). */
describe.each(await sqlTestBackends())('sub-agent records (%s)', (backend) => {
  const h = agentsHarness(backend);
  const { call, create, audit, events } = h;

  it('creates an agent with its contract fields, audited and announced', async () => {
    const { status, body } = await call('POST', '/api/agents', {
      name: '  Researcher  ',
      objective: 'Find facts about the release.',
      priority: 7,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Researcher',
      objective: 'Find facts about the release.',
      priority: 7,
      status: 'idle',
      chat_id: `agent:${body.agent_id}`,
      messages_count: 0,
      last_error: null,
      last_active_at: null,
    });
    expect(Date.parse(body.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.updated_at).toBe(body.created_at);
    expect((await call('GET', `/api/agents/${body.agent_id}`)).body).toEqual(body);
    expect((await audit('agent.create')).at(0)).toMatchObject({
      actor: 'admin',
      target: body.agent_id,
      detail: { name: 'Researcher', priority: 7 },
    });
    expect(events.at(-1)).toMatchObject({ agent_id: body.agent_id, status: 'idle' });
    // Priority may be left out: 5, the middle of the scale.
    expect((await create({ priority: undefined })).priority).toBe(5);
  });

  it('refuses invalid fields with 400 validation_error', async () => {
    const bad = [
      { objective: 'x', priority: 5 },
      { name: '', objective: 'x', priority: 5 },
      { name: '   ', objective: 'x', priority: 5 },
      { name: 'n'.repeat(65), objective: 'x', priority: 5 },
      { name: 'tab\there', objective: 'x', priority: 5 },
      { name: 'ok-name', objective: '', priority: 5 },
      { name: 'ok-name', objective: 'o'.repeat(2001), priority: 5 },
      { name: 'ok-name', objective: 'x', priority: 0 },
      { name: 'ok-name', objective: 'x', priority: 11 },
      { name: 'ok-name', objective: 'x', priority: 2.5 },
      { name: 'ok-name', objective: 'x', priority: '5' },
    ];
    for (const payload of bad) {
      const { status, body } = await call('POST', '/api/agents', payload);
      expect({ payload, status, error: body.error }).toEqual({
        payload,
        status: 400,
        error: 'validation_error',
      });
    }
    expect(
      (await call('POST', '/api/agents', { name: 'n'.repeat(64), objective: 'x' })).status,
    ).toBe(201);
  });

  it('keeps names unique whatever their case, on create and on rename', async () => {
    const first = await create({ name: 'Scout' });
    for (const name of ['Scout', 'scout', ' SCOUT ']) {
      const { status, body } = await call('POST', '/api/agents', { name, objective: 'x' });
      expect(status).toBe(409);
      expect(body).toEqual({ error: 'name_taken', message: expect.stringContaining(name.trim()) });
    }
    const other = await create({ name: 'Ranger' });
    const renamed = await call('PATCH', `/api/agents/${other.agent_id}`, { name: 'sCoUt' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe('name_taken');
    // An agent may change the case of its own name.
    const recased = await call('PATCH', `/api/agents/${first.agent_id}`, { name: 'SCOUT' });
    expect(recased).toMatchObject({ status: 200, body: { name: 'SCOUT' } });
  });

  it('updates name, objective and priority, audited with what changed', async () => {
    const agent = await create();
    const { status, body } = await call('PATCH', `/api/agents/${agent.agent_id}`, {
      objective: 'Watch the deploy.',
      priority: 9,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: agent.name, objective: 'Watch the deploy.', priority: 9 });
    expect(Date.parse(body.updated_at)).toBeGreaterThan(Date.parse(agent.updated_at));
    expect((await audit('agent.update')).at(0)).toMatchObject({
      target: agent.agent_id,
      detail: { changed: ['objective', 'priority'] },
    });
    for (const payload of [{}, { priority: 0 }, { name: '' }, { objective: 'o'.repeat(2001) }])
      expect((await call('PATCH', `/api/agents/${agent.agent_id}`, payload)).body.error).toBe(
        'validation_error',
      );
  });

  it('answers 404 not_found for unknown ids on every route', async () => {
    const id = '0190f5d2-0000-7000-8000-000000000000';
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/api/agents/${id}`],
      ['PATCH', `/api/agents/${id}`, { priority: 3 }],
      ['DELETE', `/api/agents/${id}`],
      ['POST', `/api/agents/${id}/pause`],
      ['POST', `/api/agents/${id}/resume`],
      ['POST', `/api/agents/${id}/stop`],
      ['POST', `/api/agents/${id}/messages`, { text: 'hello' }],
      ['GET', `/api/agents/${id}/messages`],
    ];
    for (const [method, url, payload] of routes) {
      const { status, body } = await call(method, url, payload);
      expect({ method, url, status, error: body.error }).toEqual({
        method,
        url,
        status: 404,
        error: 'not_found',
      });
    }
  });

  it('lists most urgent first and filters by status', async () => {
    const low = await create({ priority: 1 });
    const high = await create({ priority: 10 });
    await call('POST', `/api/agents/${low.agent_id}/pause`);
    const all = (await call('GET', '/api/agents')).body.agents as Agent[];
    const priorities = all.map((agent) => agent.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(all.map((agent) => agent.agent_id)).toContain(high.agent_id);
    const paused = (await call('GET', '/api/agents?status=paused')).body.agents as Agent[];
    expect(paused.map((agent) => agent.agent_id)).toEqual([low.agent_id]);
    expect((await call('GET', '/api/agents?status=sleeping')).status).toBe(400);
  });

  it('publishes every route in the OpenAPI document', async () => {
    const { paths } = (await call('GET', '/api/openapi.json')).body;
    expect(Object.keys(paths['/api/agents'])).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/agents/{agent_id}']).sort()).toEqual(['delete', 'get', 'patch']);
    for (const verb of ['pause', 'resume', 'stop'])
      expect(Object.keys(paths[`/api/agents/{agent_id}/${verb}`])).toEqual(['post']);
    expect(Object.keys(paths['/api/agents/{agent_id}/messages']).sort()).toEqual(['get', 'post']);
  });

  it('deletes an agent with its log, audited and announced; its name is free again', async () => {
    const agent = await create({ name: 'Temporary' });
    await call('POST', `/api/agents/${agent.agent_id}/messages`, { text: '1+2' });
    expect(await call('DELETE', `/api/agents/${agent.agent_id}`)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await call('GET', `/api/agents/${agent.agent_id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/agents/${agent.agent_id}`)).status).toBe(404);
    const left = await h.t.app.sql.db
      .selectFrom('agent_messages')
      .select('message_id')
      .where('agent_id', '=', agent.agent_id)
      .execute();
    expect(left).toEqual([]);
    expect((await audit('agent.delete')).at(0)).toMatchObject({
      target: agent.agent_id,
      detail: { name: 'Temporary' },
    });
    expect(events.at(-1)).toMatchObject({ agent_id: agent.agent_id, status: 'deleted' });
    await create({ name: 'temporary' });
  });
});
