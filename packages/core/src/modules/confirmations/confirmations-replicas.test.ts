import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatStream } from '../../testing/chat-client.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type LocalServer, startLocalServer } from '../../testing/local-server.js';
import { postgresAvailable, redisAvailable } from '../../testing/services.js';
import type { SseReader } from '../../testing/sse-client.js';
import { type Client, clientFor, createTestApp, type TestApp } from '../../testing/test-app.js';

const API_KEY = 'sk-test-0123456789abcdefghijkl';
/** Generous: the suites share a loaded machine. */
const WAIT_MS = 60_000;
const BOOT_MS = 180_000;
const shared = (await postgresAvailable()) && (await redisAvailable());

/**
 * A chat streams on replica A, its model asks for a RESTRICTED call, and the operator decides
 * through replica B (another process behind the proxy), on one PostgreSQL and one Redis.
 */
describe.runIf(shared)('a confirmation raised on one replica, decided through another', () => {
  let model: FakeModelServer;
  let site: LocalServer;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let onA: Client;
  let onB: Client;
  let chats = 0;

  // Two whole apps start, one after the other.
  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: API_KEY });
    site = await startLocalServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    }, '127.0.0.2');
    const env = {
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: model.baseUrl,
      DEFAULT_MODEL: 'openai/gpt-4o-mini',
      SSRF_ALLOWLIST: '127.0.0.2',
    };
    a = await createTestApp({ sql: 'postgres', kv: 'redis', env });
    b = await a.replica(env);
    urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    onA = await a.login();
    onB = clientFor(b.app, onA.cookie, onA.csrfToken);
  }, BOOT_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
    await model.close();
    await site.close();
  }, BOOT_MS);

  /** Streams a chat on A whose model asks to POST to the site, then answers `answer`. */
  async function askOnA(answer: string): Promise<{ events: SseReader; confirmationId: string }> {
    model.queue(
      {
        toolCalls: [
          {
            name: 'http_request',
            input: { url: `${site.url}/items`, method: 'POST', body: { name: 'lamp' } },
          },
        ],
      },
      { text: answer },
    );
    const { events } = await openChatStream(urlA, onA, {
      text: 'add a lamp to the shop',
      chat_id: `replica-confirm-${++chats}`,
    });
    const waiting = await events.waitFor(
      (e) =>
        e.event === 'progress' && (e.data as { status: string }).status === 'awaiting_confirmation',
      WAIT_MS,
    );
    return {
      events,
      confirmationId: (waiting.data as { confirmation_id: string }).confirmation_id,
    };
  }

  const statuses = (events: SseReader) =>
    (events.named('progress') as Array<{ status: string }>).map((p) => p.status);
  const final = (events: SseReader) => (events.named('done')[0] as { final: string }).final;

  it(
    'runs the call once B approves, at once, and A streams on to the answer',
    async () => {
      const posts = () => site.requests.filter((r) => r.method === 'POST').length;
      const before = posts();
      const { events, confirmationId } = await askOnA('The lamp is in the shop.');
      // B lists what A asks.
      const pending = (
        await onB.inject({ method: 'GET', url: '/api/confirmations?status=pending' })
      )
        .json()
        .confirmations.map((c: { confirmation_id: string }) => c.confirmation_id);
      expect(pending).toContain(confirmationId);
      expect(posts()).toBe(before);

      const approved = await onB.inject({
        method: 'POST',
        url: `/api/confirmations/${confirmationId}/approve`,
      });
      expect(approved.statusCode).toBe(200);
      const decidedAt = Date.now();
      await events.waitFor(
        (e) => e.event === 'progress' && (e.data as { status: string }).status === 'running',
        WAIT_MS,
      );
      // The decision travels over Redis: A does not wait for its next read of the row (10 s).
      expect(Date.now() - decidedAt).toBeLessThan(5_000);
      await events.finished;
      expect(statuses(events)).toEqual(['awaiting_confirmation', 'running', 'done']);
      expect(final(events)).toBe('The lamp is in the shop.');
      expect(posts()).toBe(before + 1);
    },
    WAIT_MS * 2,
  );

  it(
    'skips the call when B denies, and A still answers',
    async () => {
      const before = site.requests.length;
      const { events, confirmationId } = await askOnA('I did not add it.');
      const denied = await onB.inject({
        method: 'POST',
        url: `/api/confirmations/${confirmationId}/deny`,
      });
      expect(denied.statusCode).toBe(200);
      await events.finished;
      expect(final(events)).toBe('I did not add it.');
      expect(site.requests.length).toBe(before);
      const row = (
        await onA.inject({ method: 'GET', url: `/api/confirmations/${confirmationId}` })
      ).json().confirmation;
      expect(row).toMatchObject({ status: 'denied', decided_by: 'admin' });
    },
    WAIT_MS * 2,
  );

  it(
    'denies on time-out where the run waits, and B can no longer approve it',
    async () => {
      const timeout = (value: number | null) =>
        onB.inject({
          method: 'PUT',
          url: '/api/config/parameters/confirmation_timeout_ms',
          payload: { value },
        });
      // Set through B, read by A when its run asks.
      expect((await timeout(1_000)).statusCode).toBe(200);
      try {
        const before = site.requests.length;
        const { events, confirmationId } = await askOnA('Nobody answered.');
        await events.finished;
        expect(final(events)).toBe('Nobody answered.');
        const late = await onB.inject({
          method: 'POST',
          url: `/api/confirmations/${confirmationId}/approve`,
        });
        expect(late.statusCode).toBe(409);
        const row = (
          await onB.inject({ method: 'GET', url: `/api/confirmations/${confirmationId}` })
        ).json().confirmation;
        expect(row).toMatchObject({ status: 'denied', decided_by: 'timeout' });
        expect(site.requests.length).toBe(before);
      } finally {
        await timeout(null);
      }
    },
    WAIT_MS * 2,
  );
});
