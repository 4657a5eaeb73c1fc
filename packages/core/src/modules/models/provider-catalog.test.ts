import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchCatalog, UpstreamError } from './provider-catalog.js';

let server: Server | undefined;

/** A raw server for answers the fakes do not give: silence, echoes, odd bodies. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('fetchCatalog', () => {
  it('gives up after the timeout with status null', async () => {
    const baseUrl = await serve(() => {
      // Never answers.
    });
    const started = Date.now();
    const error = await fetchCatalog({ kind: 'openai', baseUrl, apiKey: null }, 200).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 502, upstreamStatus: null });
    expect((error as Error).message).toContain('within 0.2 s');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('hides a key that the provider echoes in its error', async () => {
    const key = 'sk-proj-echoedKeyValue0123456789abcdef';
    const baseUrl = await serve((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${req.headers.authorization}` },
        }),
      );
    });
    const error = (await fetchCatalog({ kind: 'openai', baseUrl, apiKey: key }).catch(
      (e: unknown) => e,
    )) as UpstreamError;
    expect(error.upstreamStatus).toBe(401);
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).not.toContain(key);
  });

  it('refuses a body that is not a model list, and keeps the status of a server error', async () => {
    let status = 200;
    const baseUrl = await serve((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html>proxy says hi</html>');
    });
    await expect(fetchCatalog({ kind: 'openai', baseUrl, apiKey: null })).rejects.toMatchObject({
      upstreamStatus: 200,
      message: expect.stringContaining('no OpenAI-style model list'),
    });
    status = 503;
    await expect(fetchCatalog({ kind: 'anthropic', baseUrl, apiKey: null })).rejects.toMatchObject({
      upstreamStatus: 503,
      message: expect.stringContaining('proxy says hi'),
    });
  });

  it('asks Anthropic for the whole list in one page', async () => {
    let url = '';
    const baseUrl = await serve((req, res) => {
      url = req.url ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 'claude-x', type: 'model' }], has_more: false }));
    });
    expect(await fetchCatalog({ kind: 'anthropic', baseUrl: `${baseUrl}/`, apiKey: 'k' })).toEqual([
      { id: 'claude-x' },
    ]);
    expect(url).toBe('/v1/models?limit=1000');
  });
});
