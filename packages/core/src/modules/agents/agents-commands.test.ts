import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { INTERRUPTED } from './agent-rows.js';
import type { Agent, AgentMessage } from './agents.schema.js';
import { agentsHarness } from './agents-harness.js';

/** Commands, refused work and the message log, on every SQL backend (fast-path messages). */
describe.each(await sqlTestBackends())('sub-agent status and messages (%s)', (backend) => {
  const h = agentsHarness(backend);
  const { call, create, audit, events } = h;

  it('pauses, resumes and stops only from states that allow it, audited and announced', async () => {
    const agent = await create();
    const command = (verb: string) => call('POST', `/api/agents/${agent.agent_id}/${verb}`);
    const steps: Array<[string, number, string]> = [
      ['resume', 409, 'idle'],
      ['pause', 200, 'paused'],
      ['pause', 409, 'paused'],
      ['resume', 200, 'idle'],
      ['stop', 200, 'stopped'],
      ['stop', 409, 'stopped'],
      ['pause', 409, 'stopped'],
      ['resume', 200, 'idle'],
      ['pause', 200, 'paused'],
      ['stop', 200, 'stopped'],
    ];
    const seen = events.length;
    for (const [verb, expected, status] of steps) {
      const response = await command(verb);
      expect({ verb, status: response.status }).toEqual({ verb, status: expected });
      if (expected === 200)
        expect(response.body).toEqual({ ok: true, agent: expect.objectContaining({ status }) });
      else expect(response.body).toMatchObject({ error: 'invalid_transition' });
      expect((await call('GET', `/api/agents/${agent.agent_id}`)).body.status).toBe(status);
    }
    const rows = (await audit('agent.status')).filter((row) => row.target === agent.agent_id);
    expect(
      rows.map((row) => [row.detail.command, row.detail.from, row.detail.to]).reverse(),
    ).toEqual([
      ['pause', 'idle', 'paused'],
      ['resume', 'paused', 'idle'],
      ['stop', 'idle', 'stopped'],
      ['resume', 'stopped', 'idle'],
      ['pause', 'idle', 'paused'],
      ['stop', 'paused', 'stopped'],
    ]);
    const announced = events.slice(seen).filter((e) => e.agent_id === agent.agent_id);
    expect(announced.map((e) => e.status)).toEqual([
      'paused',
      'idle',
      'stopped',
      'idle',
      'paused',
      'stopped',
    ]);
  });

  it('refuses work while paused or stopped (409) and takes it again once resumed', async () => {
    const agent = await create();
    const send = () => call('POST', `/api/agents/${agent.agent_id}/messages`, { text: '12*7' });
    await call('POST', `/api/agents/${agent.agent_id}/pause`);
    expect(await send()).toMatchObject({ status: 409, body: { error: 'invalid_transition' } });
    await call('POST', `/api/agents/${agent.agent_id}/stop`);
    expect(await send()).toMatchObject({ status: 409, body: { error: 'invalid_transition' } });
    await call('POST', `/api/agents/${agent.agent_id}/resume`);
    expect(await send()).toMatchObject({ status: 200, body: { reply: '12*7 = 84' } });
    // A refused message is not logged.
    expect(
      (await call('GET', `/api/agents/${agent.agent_id}/messages`)).body.messages,
    ).toHaveLength(2);
    expect(
      (await call('POST', `/api/agents/${agent.agent_id}/messages`, { text: '' })).status,
    ).toBe(400);
  });

  it('logs both directions of every message and pages the log newest first', async () => {
    const agent = await create({ name: 'Calculator' });
    const replies: string[] = [];
    for (const n of [1, 2, 3]) {
      const { status, body } = await call('POST', `/api/agents/${agent.agent_id}/messages`, {
        text: `${n}+${n}`,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        chat_id: `agent:${agent.agent_id}`,
        tier: 'fast_path',
        reply: `${n}+${n} = ${2 * n}`,
        agent: { status: 'idle', messages_count: 2 * n },
      });
      replies.push(body.request_id);
    }
    const seen: AgentMessage[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ limit: '4', ...(cursor ? { cursor } : {}) });
      const { status, body } = await call('GET', `/api/agents/${agent.agent_id}/messages?${query}`);
      expect(status).toBe(200);
      seen.push(...body.messages);
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen.map((m) => [m.from, m.sender, m.text])).toEqual([
      ['sub_agent', 'Calculator', '3+3 = 6'],
      ['operator', 'admin', '3+3'],
      ['sub_agent', 'Calculator', '2+2 = 4'],
      ['operator', 'admin', '2+2'],
      ['sub_agent', 'Calculator', '1+1 = 2'],
      ['operator', 'admin', '1+1'],
    ]);
    expect(seen.map((m) => m.request_id)).toEqual(replies.flatMap((id) => [id, id]).reverse());
    expect(seen.every((m) => m.error === null && /\.\d{6}Z$/.test(m.created_at))).toBe(true);
    const fetched = (await call('GET', `/api/agents/${agent.agent_id}`)).body as Agent;
    expect(fetched).toMatchObject({
      messages_count: 6,
      status: 'idle',
      last_active_at: expect.any(String),
    });
    const messageRows = await audit('agent.message');
    expect(messageRows.filter((row) => row.target === agent.agent_id)).toHaveLength(3);
    expect(messageRows[0]).toMatchObject({
      actor: 'admin',
      request_id: replies[2],
      detail: { from: 'operator', depth: 1, status: 'ok' },
    });
    for (const query of ['cursor=nope', 'limit=0', 'cursor=2026-01-01T00:00:00Z'])
      expect((await call('GET', `/api/agents/${agent.agent_id}/messages?${query}`)).status).toBe(
        400,
      );
  });

  it('reads a run left by a dead process as an error, and lets the agent work again', async () => {
    const agent = await create();
    await sql`update agents set run_id = 'gone', run_expires_at = clock_timestamp() - interval '1 second'
      where agent_id = ${agent.agent_id}`.execute(h.t.app.sql.db);
    expect((await call('GET', `/api/agents/${agent.agent_id}`)).body).toMatchObject({
      status: 'error',
      last_error: INTERRUPTED,
    });
    const { status } = await call('POST', `/api/agents/${agent.agent_id}/messages`, {
      text: '2*3',
    });
    expect(status).toBe(200);
    expect((await call('GET', `/api/agents/${agent.agent_id}`)).body).toMatchObject({
      status: 'idle',
      last_error: null,
    });
  });
});
