import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawExchange } from '../testing/raw-http.js';
import { answerClientError } from './client-error.js';

describe('errors raised on the connection itself', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ clientErrorHandler: answerClientError });
    app.get('/', async () => ({ ok: true }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(url).port);
  });
  afterAll(() => app.close());

  async function answer(text: string) {
    const exchange = new RawExchange(port, text);
    await exchange.closed;
    const [head = '', body = ''] = exchange.received.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
  }

  it('answers bytes that are not HTTP with 400 in the one error shape, and closes', async () => {
    expect(await answer('HELLO THERE\r\n\r\n')).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'Malformed HTTP request' },
    });
  });

  it('answers headers over the limit with 431', async () => {
    const head = `GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(await answer(head)).toMatchObject({ status: 431, body: { error: 'headers_too_large' } });
  });
});
