import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../testing/local-server.js';
import { modelFetch } from './model-fetch.js';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(async (request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'r-1' });
      for (const word of ['one', 'two', 'three']) {
        response.write(`data: ${word}\n\n`);
        await sleep(20);
      }
      return void response.end('data: [DONE]\n\n');
    }
    if (path === '/echo') {
      response.setHeader('content-type', 'application/json');
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      return void response.end(
        JSON.stringify({
          method: request.method,
          body: request.body,
          auth: request.headers.authorization,
        }),
      );
    }
    if (path === '/moved') {
      response.writeHead(307, { location: '/echo' });
      return void response.end();
    }
    if (path === '/gzip') {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      return void response.end(gzipSync('compressed reply'));
    }
    if (path === '/empty') {
      response.writeHead(204);
      return void response.end();
    }
    if (path === '/endless') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      return; // never ends: the caller aborts
    }
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
    response.end('{"error":{"message":"slow down"}}');
  });
});

afterAll(() => server.close());

describe('modelFetch', () => {
  it('streams a reply chunk by chunk, with its status and headers', async () => {
    const response = await modelFetch(`${server.url}/stream`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // The first event arrives before the server has written the rest.
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('data: two\n\ndata: three\n\ndata: [DONE]\n\n');
  });

  it('sends the method, headers and body it is given, from a Headers object or a record', async () => {
    for (const headers of [
      new Headers({ authorization: 'Bearer k-1' }),
      { authorization: 'Bearer k-1' },
    ]) {
      const response = await modelFetch(new URL(`${server.url}/echo`), {
        method: 'post',
        headers,
        body: '{"q":1}',
      });
      expect(await response.json()).toEqual({
        method: 'POST',
        body: '{"q":1}',
        auth: 'Bearer k-1',
      });
      expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    }
  });

  it('follows a redirect, as fetch does', async () => {
    const response = await modelFetch(`${server.url}/moved`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'POST', body: 'x' });
  });

  it('hands over an error status and its body for the SDK to report', async () => {
    const response = await modelFetch(`${server.url}/limited`);
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.text()).toContain('slow down');
  });

  it('decodes a compressed body and drops the encoding header', async () => {
    const response = await modelFetch(`${server.url}/gzip`);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('compressed reply');
  });

  it('gives a bodiless status a null body instead of failing', async () => {
    const response = await modelFetch(`${server.url}/empty`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('stops reading when the caller aborts mid-stream', async () => {
    const controller = new AbortController();
    const response = await modelFetch(`${server.url}/endless`, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort(new Error('the operator stopped the run'));
    await expect(reader.read()).rejects.toThrow();
  });

  it('refuses before sending when the signal is already aborted', async () => {
    const before = server.requests.length;
    const controller = new AbortController();
    controller.abort();
    await expect(modelFetch(`${server.url}/echo`, { signal: controller.signal })).rejects.toThrow();
    expect(server.requests.length).toBe(before);
  });

  it('passes form data to the global fetch, which knows how to encode it', async () => {
    const form = new FormData();
    form.set('file', 'audio bytes');
    const response = await modelFetch(`${server.url}/echo`, { method: 'POST', body: form });
    const { body } = (await response.json()) as { body: string };
    expect(body).toContain('audio bytes');
    expect(body).toContain('name="file"');
  });
});
