import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseReader } from '../../testing/sse-client.js';
import type { Client } from '../../testing/test-app.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { RUNTIME_EVENT_NAMES } from './runtime-events.js';

describe('GET /api/live', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    client = await server.login();
  });
  afterAll(() => server.close());

  it('needs a session', async () => {
    const response = await fetch(`${server.url}/api/live`);
    expect(response.status).toBe(401);
  });

  it('streams request, skill and confirmation events as they happen', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/live`, {
      headers: { cookie: client.cookie },
      signal: controller.signal,
    });
    const live = new SseReader(response);
    expect((await live.waitFor((e) => e.event === 'ready')).data).toMatchObject({
      events: [...RUNTIME_EVENT_NAMES],
    });

    await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'what is 1+1', chat_id: 'live-1' },
    });
    expect((await live.waitFor((e) => e.event === 'request-finish')).data).toMatchObject({
      chat_id: 'live-1',
      tier: 'fast_path',
      status: 'ok',
    });

    // A gated call: the decision layer asks the operator, who denies it.
    await client.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode: 'MANUAL' } });
    const reply = client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'fetch https://example.invalid/page', chat_id: 'live-2' },
    });
    const asked = (await live.waitFor((e) => e.event === 'confirmation-request')).data as {
      confirmation_id: string;
      skill: string;
    };
    expect(asked.skill).toBe('fetch_url');
    await client.inject({
      method: 'POST',
      url: `/api/confirmations/${asked.confirmation_id}/deny`,
    });
    expect((await live.waitFor((e) => e.event === 'confirmation-decide')).data).toMatchObject({
      confirmation_id: asked.confirmation_id,
      decision: 'denied',
      decided_by: 'admin',
    });
    expect((await live.waitFor((e) => e.event === 'skill-finish')).data).toMatchObject({
      skill: 'fetch_url',
      status: 'denied',
    });
    expect((await reply).json().tier).toBe('decision_layer');

    await client.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode: 'SEMI' } });
    controller.abort();
    await live.finished;
    const names = live.events.map((e) => e.event);
    expect(names).toEqual(
      expect.arrayContaining(['request-start', 'request-finish', 'autonomy-change']),
    );
    for (const event of live.events.slice(1))
      expect((event.data as { ts: string }).ts).toMatch(/Z$/);
  });
});
