import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawExchange, requestHead } from '../../testing/raw-http.js';
import {
  IDLE_WORK,
  type PressureHarness,
  REQUEST_TIMEOUT_S,
  startPressureHarness,
} from './pressure-harness.js';

/** The timeout, Node's interval for checking it, and room for a busy machine. */
const CUT_WITHIN_MS = REQUEST_TIMEOUT_S * 1000 + 1_000 + 3_000;
const UPLOAD = { 'content-type': 'application/json', 'content-length': 10_000 };

describe('slow clients', () => {
  let h: PressureHarness;
  beforeAll(async () => {
    h = await startPressureHarness();
  });
  afterAll(() => h.close());

  /** Opens uploads that send their body a byte every 100 ms, and keeps them trickling. */
  async function trickle(count: number, head: string) {
    const before = h.arrived('/auth/login');
    const uploads = Array.from({ length: count }, () => h.open(`${head}{"username":"`));
    const timer = setInterval(() => {
      for (const upload of uploads) upload.write('a');
    }, 100);
    await expect.poll(() => h.arrived('/auth/login'), { timeout: 10_000 }).toBe(before + count);
    return { uploads, stop: () => clearInterval(timer) };
  }

  async function expectCut(uploads: RawExchange[]) {
    await expect
      .poll(() => uploads.filter((upload) => !upload.isClosed).length, { timeout: CUT_WITHIN_MS })
      .toBe(0);
    for (const upload of uploads) {
      expect(upload.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(upload.received.split('\r\n\r\n')[1] ?? '')).toMatchObject({
        error: 'request_timeout',
      });
    }
  }

  it('hundreds of anonymous slow uploads held open do not move the index, and are cut', async () => {
    const idle = await h.health();
    const { uploads, stop } = await trickle(300, requestHead('POST', '/auth/login', UPLOAD));
    try {
      const held = await h.health();
      expect(held.components.active_work).toEqual(IDLE_WORK);
      expect(held.components.cpi).toBe(idle.components.cpi);
      await expectCut(uploads);
    } finally {
      stop();
    }
  });

  it('cuts the operator’s slow uploads too, and stops counting them', async () => {
    const { uploads, stop } = await trickle(50, h.signedIn('POST', '/auth/login', UPLOAD));
    try {
      expect(h.active().http).toBe(50);
      await expectCut(uploads);
      await expect.poll(() => h.active()).toEqual(IDLE_WORK);
    } finally {
      stop();
    }
  });

  it('leaves a chat stream and the live feed open past the timeout', async () => {
    const live = h.open(h.signedIn('GET', '/api/live'));
    await live.until('event: ready');
    const body = JSON.stringify({ text: 'tell me about the sea', chat_id: 'slow-stream' });
    const headers = { 'content-type': 'application/json', 'content-length': body.length };
    const stream = h.open(h.signedIn('POST', '/chat/stream', headers) + body);
    // The fake model's answer takes longer than the timeout and Node's check of it together.
    await stream.until('event: done', 15_000);
    await live.until('event: request-finish');
    expect(live.isClosed).toBe(false);
    await Promise.all([live.abandon(), stream.abandon()]);
    await expect.poll(() => h.active()).toEqual(IDLE_WORK);
  });
});
