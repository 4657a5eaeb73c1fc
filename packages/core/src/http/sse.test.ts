import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseReader } from '../testing/sse-client.js';
import { openSse } from './sse.js';

describe('openSse', () => {
  let app: FastifyInstance;
  let url: string;
  let aborted = false;
  let busyUntil = 0;

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
    app.get('/soon', async (request, reply) => {
      const stream = openSse(request, reply, 60_000);
      setTimeout(() => {
        stream.send('first', { n: 1 });
        stream.close();
      }, 30);
    });
    app.get('/slow', async (request, reply) => {
      const stream = openSse(request, reply, 60_000, 150);
      const later = setTimeout(() => stream.close(), 5_000);
      stream.onEnd(() => clearTimeout(later));
    });
    app.get('/busy', async (request, reply) => {
      const stream = openSse(request, reply, 60_000);
      stream.send('progress', { step: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      stream.send('chunk', { text: 'hi' });
      // The answer goes on in promise continuations that never yield to the event loop, as
      // the rest of a model's reply and the embedded database's statements do.
      const until = Date.now() + 600;
      while (Date.now() < until) await null;
      busyUntil = Date.now();
      stream.close();
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

  it('sends the headers with a first event that comes soon: one write, one wake-up', async () => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write('GET /soon HTTP/1.1\r\nhost: localhost\r\n\r\n');
    const first = await new Promise<string>((resolve) =>
      socket.once('data', (data) => resolve(data.toString())),
    );
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('event: first');
  });

  it('sends the headers on their own when no event comes within the wait', async () => {
    const started = Date.now();
    const controller = new AbortController();
    const response = await fetch(`${url}/slow`, { signal: controller.signal });
    const waited = Date.now() - started;
    controller.abort();
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(4_000);
  });

  it('sends an event at once, not after the work that follows it in the same tick', async () => {
    // The client runs in its own process: one in this one could not read while the server works.
    const client = `
      const socket = require('node:net').connect(${new URL(url).port}, '127.0.0.1');
      socket.write('GET /busy HTTP/1.1\\r\\nhost: localhost\\r\\n\\r\\n');
      let seen = '';
      socket.on('data', (data) => {
        seen += data;
        if (seen.includes('event: chunk')) { console.log(Date.now()); socket.destroy(); }
      });`;
    const printed = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', client], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    await expect.poll(() => busyUntil).toBeGreaterThan(0);
    expect(Number(printed)).toBeLessThan(busyUntil - 300);
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
