import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawExchange, requestHead } from '../../testing/raw-http.js';
import type { ActiveWork } from './health.schema.js';
import { IDLE_WORK, type PressureHarness, startPressureHarness } from './pressure-harness.js';

const EACH = 1_000;
const BATCH = 100;

interface Kind {
  name: string;
  /** The path whose arrival in the app shows the request is under way; null if it never arrives. */
  path: string | null;
  /** Opens the i-th exchange and brings it to the point where its client leaves it. */
  open(h: PressureHarness, i: number): Promise<RawExchange>;
  /** What is counted while the first batch is held at that point. */
  during: Partial<ActiveWork>;
  /** How the i-th exchange ends; by default its client goes away (a close or a reset). */
  end?(exchange: RawExchange, i: number): Promise<void>;
}

const json = (value: unknown) => JSON.stringify(value);
const jsonHeaders = (body: string) => ({
  'content-type': 'application/json',
  'content-length': Buffer.byteLength(body),
});
/** A body announced in full and sent only in part. */
const partly = (head: (headers: Record<string, number | string>) => string, body: string) =>
  head(jsonHeaders(body)) + body.slice(0, body.length / 2);
const login = json({ username: 'admin', password: 'not the password at all' });
const chat = (i: number) => json({ text: 'tell me about the sea', chat_id: `storm-${i}` });
const goal = json({ objective: 'Keep the lights on', priority: 5 });
const finishes = (exchange: RawExchange) => exchange.closed;

const KINDS: Kind[] = [
  {
    name: 'sign-ins without a session, abandoned mid-body',
    path: '/auth/login',
    open: async (h) =>
      h.open(partly((headers) => requestHead('POST', '/auth/login', headers), login)),
    during: { http: 0 },
  },
  {
    name: 'sign-ins with a session, abandoned mid-body',
    path: '/auth/login',
    open: async (h) =>
      h.open(partly((headers) => h.signedIn('POST', '/auth/login', headers), login)),
    during: { http: BATCH },
  },
  {
    name: 'requests with a session, abandoned mid-headers',
    path: null,
    open: async (h) => h.open(h.signedIn('GET', '/api/goals').replace(/\r\n$/, '')),
    during: { http: 0 },
  },
  {
    name: 'plain requests, answered or abandoned',
    path: '/api/goals',
    open: async (h, i) =>
      h.open(h.signedIn('GET', '/api/goals', i % 2 ? { connection: 'close' } : {})),
    during: {},
    end: (exchange, i) => (i % 2 ? finishes(exchange) : exchange.abandon(i % 4 === 0)),
  },
  {
    name: 'replies the client stops waiting for (POST /chat on a slow model)',
    path: '/chat',
    open: async (h, i) => h.open(h.signedIn('POST', '/chat', jsonHeaders(chat(i))) + chat(i)),
    during: { http: BATCH },
  },
  {
    name: 'chat streams closed mid-stream',
    path: '/chat/stream',
    open: async (h, i) => {
      const exchange = h.open(h.signedIn('POST', '/chat/stream', jsonHeaders(chat(i))) + chat(i));
      await exchange.until('text/event-stream');
      return exchange;
    },
    during: { http: BATCH, chat_streams: BATCH },
  },
  {
    name: 'live feeds closed',
    path: '/api/live',
    open: async (h) => {
      const exchange = h.open(h.signedIn('GET', '/api/live'));
      await exchange.until('event: ready');
      return exchange;
    },
    during: { http: BATCH, live_streams: BATCH },
  },
  {
    name: 'posts refused by a hook (CSRF), answered or abandoned mid-body',
    path: '/api/goals',
    open: async (h, i) => {
      const head = (headers: Record<string, string | number>) =>
        h.signedIn('POST', '/api/goals', { ...headers, 'x-csrf-token': 'forged' });
      return h.open(
        i % 2 ? head({ ...jsonHeaders(goal), connection: 'close' }) + goal : partly(head, goal),
      );
    },
    during: {},
    end: async (exchange, i) => {
      if (i % 2 === 0) return exchange.abandon(i % 4 === 0);
      await exchange.closed;
      expect(exchange.received).toMatch(/^HTTP\/1\.1 403/);
    },
  },
];

describe('active work returns to idle however requests end', () => {
  let h: PressureHarness;
  let idleCpi: number;

  beforeAll(async () => {
    h = await startPressureHarness();
    const report = await h.health();
    expect(report.components.active_work).toEqual(IDLE_WORK);
    idleCpi = report.components.cpi;
  });
  afterAll(() => h.close());

  it.each(KINDS)(`$name: ${EACH} of them leave every counter and the CPI at idle`, async (kind) => {
    for (let start = 0; start < EACH; start += BATCH) {
      const before = kind.path ? h.arrived(kind.path) : 0;
      const batch = await Promise.all(
        Array.from({ length: BATCH }, (_, n) => kind.open(h, start + n)),
      );
      try {
        const { path } = kind;
        if (path)
          await expect
            .poll(() => h.arrived(path), { timeout: 10_000 })
            .toBeGreaterThanOrEqual(before + BATCH);
        else await sleep(50); // headers that never end never arrive: give them time to be read
        if (start === 0) expect(h.active()).toMatchObject(kind.during);
      } finally {
        await Promise.all(
          batch.map((exchange, n) =>
            kind.end ? kind.end(exchange, start + n) : exchange.abandon((start + n) % 2 === 0),
          ),
        );
      }
    }
    await expect.poll(() => h.active(), { timeout: 10_000 }).toEqual(IDLE_WORK);
    const report = await h.health();
    expect(report.components.active_work).toEqual(IDLE_WORK);
    expect(report.components.cpi).toBe(idleCpi);
  });
});
