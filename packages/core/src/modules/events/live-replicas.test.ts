import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, redisAvailable } from '../../testing/services.js';
import { SseReader } from '../../testing/sse-client.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const BOOT_MS = 180_000;
const shared = (await postgresAvailable()) && (await redisAvailable());

/** Two replicas on one PostgreSQL and one Redis, each listening on its own port. */
describe.runIf(shared)('GET /api/live across replicas', () => {
  let a: TestApp;
  let b: TestApp;
  let client: Client;
  const urls: Record<string, string> = {};
  // Two whole apps start, one after the other.
  beforeAll(async () => {
    a = await createTestApp({ sql: 'postgres', kv: 'redis' });
    b = await a.replica();
    urls.a = await a.app.listen({ port: 0, host: '127.0.0.1' });
    urls.b = await b.app.listen({ port: 0, host: '127.0.0.1' });
    client = await a.login();
  }, BOOT_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  async function feed(url: string, signal: AbortSignal): Promise<SseReader> {
    const response = await fetch(`${url}/api/live`, { headers: { cookie: client.cookie }, signal });
    const live = new SseReader(response);
    await live.waitFor((e) => e.event === 'ready');
    return live;
  }

  const chat = (on: TestApp, chatId: string) =>
    on.app.inject({
      method: 'POST',
      url: '/chat',
      headers: { cookie: client.cookie, 'x-csrf-token': client.csrfToken },
      payload: { text: 'what is 2+2', chat_id: chatId },
    });

  const finishes = (live: SseReader, chatId: string) =>
    live.named('request-finish').filter((data) => (data as { chat_id: string }).chat_id === chatId);

  it("shows each replica's events on a feed opened on the other, once each", async () => {
    const controller = new AbortController();
    const onA = await feed(urls.a as string, controller.signal);
    const onB = await feed(urls.b as string, controller.signal);
    // The feeds' announcements cross Redis before the first request.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect((await chat(a, 'live-from-a')).statusCode).toBe(200);
    expect((await chat(b, 'live-from-b')).statusCode).toBe(200);
    for (const live of [onA, onB]) {
      for (const chatId of ['live-from-a', 'live-from-b'])
        await live.waitFor(
          (e) => e.event === 'request-finish' && (e.data as { chat_id: string }).chat_id === chatId,
        );
    }
    // A replica's own events reach its feed straight, never a second time through Redis.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const live of [onA, onB]) {
      expect(finishes(live, 'live-from-a')).toHaveLength(1);
      expect(finishes(live, 'live-from-b')).toHaveLength(1);
    }
    controller.abort();
  });

  it('names the replica that answered in X-Agent-Replica', async () => {
    const [fromA, fromB] = await Promise.all(
      [a, b].map((app) => app.app.inject({ method: 'GET', url: '/health' })),
    );
    const names = [fromA, fromB].map((r) => r?.headers['x-agent-replica']);
    expect(names[0]).toBeTruthy();
    expect(names[1]).toMatch(/^replica-/);
    expect(names[0]).not.toBe(names[1]);
  });
});
