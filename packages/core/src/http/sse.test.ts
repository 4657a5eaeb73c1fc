import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseReader } from '../testing/sse-client.js';
import { openSse } from './sse.js';

describe('openSse', () => {
  let app: FastifyInstance;
  let url: string;
  let aborted = false;

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-frame-options', 'DENY');
    });
    app.get('/idle', async (request, reply) => {
      const stream = openSse(request, reply, 100);
      stream.send('hello', { n: 1 });
      stream.signal.addEventListener('abort', () => {
        aborted = true;
      });
      setTimeout(() => {
        stream.send('bye', { n: 2 });
        stream.close();
      }, 450);
    });
    app.get('/forever', async (request, reply) => {
      const stream = openSse(request, reply, 100);
      stream.signal.addEventListener('abort', () => {
        aborted = true;
      });
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('sends events, keep-alive comments while idle, and keeps headers set by hooks', async () => {
    const response = await fetch(`${url}/idle`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = new SseReader(response);
    await reader.finished;
    expect(reader.events).toEqual([
      { event: 'hello', data: { n: 1 } },
      { event: 'bye', data: { n: 2 } },
    ]);
    expect(reader.comments).toBeGreaterThanOrEqual(2);
  });

  it('aborts the work when the client goes away', async () => {
    aborted = false;
    const controller = new AbortController();
    const response = await fetch(`${url}/forever`, { signal: controller.signal });
    const reader = new SseReader(response);
    controller.abort();
    await reader.finished;
    await expect.poll(() => aborted).toBe(true);
  });
});
