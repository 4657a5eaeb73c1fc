import { request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSsrfGuard } from '../../net/ssrf.js';
import { type LocalServer, startLocalServer } from '../../testing/local-server.js';
import { type GuardedProxy, startGuardedProxy } from './guarded-proxy.js';

let site: LocalServer;
let victim: LocalServer;
let proxy: GuardedProxy;

beforeAll(async () => {
  site = await startLocalServer(
    (req, res) => void res.end(`site saw ${req.method} ${req.url}`),
    '127.0.0.2',
  );
  victim = await startLocalServer((_, res) => void res.end('internal'));
  proxy = await startGuardedProxy(createSsrfGuard({ allowlist: ['127.0.0.2'] }));
});

afterAll(async () => {
  await proxy.close();
  await Promise.all([site.close(), victim.close()]);
});

/** A request as a browser sends it to an HTTP proxy: the absolute URL as the path. */
function viaProxy(target: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: target,
      headers: { 'proxy-connection': 'keep-alive' },
    });
    req.on('response', async (res) => {
      let body = '';
      for await (const chunk of res) body += chunk;
      resolve({ status: res.statusCode ?? 0, body });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT tunnel (HTTPS, WebSockets); resolves with the proxy's status and the socket. */
function tunnel(target: string): Promise<{ status: number; socket: Socket }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'CONNECT', path: target });
    req.on('connect', (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
    req.on('error', reject);
    req.end();
  });
}

describe('guarded proxy', () => {
  it('forwards plain HTTP to an allowed address, without proxy headers', async () => {
    expect(await viaProxy(`${site.url}/page?x=1`)).toEqual({
      status: 200,
      body: 'site saw GET /page?x=1',
    });
    expect(site.requests.at(-1)?.headers['proxy-connection']).toBeUndefined();
  });

  it('refuses plain HTTP to a blocked address with the reason', async () => {
    const answer = await viaProxy(`http://127.0.0.1:${victim.port}/`);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('127.0.0.1, a loopback address');
    expect(victim.connections).toBe(0);
  });

  it('tunnels CONNECT to an allowed address and refuses it to a blocked one', async () => {
    const open = await tunnel(`127.0.0.2:${site.port}`);
    expect(open.status).toBe(200);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      open.socket.on('data', (chunk) => {
        text += chunk;
        if (text.includes('site saw')) resolve(text);
      });
    });
    open.socket.write('GET /through HTTP/1.1\r\nHost: 127.0.0.2\r\nConnection: close\r\n\r\n');
    expect(await answer).toContain('site saw GET /through');
    open.socket.destroy();

    const refused = await tunnel(`127.0.0.1:${victim.port}`);
    expect(refused.status).toBe(403);
    refused.socket.destroy();
    expect(victim.connections).toBe(0);
  });
});
