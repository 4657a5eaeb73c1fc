import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type LocalServer, type RecordedRequest, startLocalServer } from '../local-server.js';

/** How the answering server fails the next requests. */
export type VendorFailure = 'echo_4xx' | 'echo_5xx' | 'size_cap' | 'redirect' | 'timeout';

/**
 * A vendor that fails in every way the network and a careless API can, as real local servers:
 *
 * - `url` answers as `fail` says: an error whose body echoes the request (URL, headers, body),
 *   an answer longer than the read cap cut inside a credential, a redirect to another origin
 *   whose Location repeats the request, or no answer at all. A POST with
 *   `grant_type=refresh_token` is an OAuth token request: a fresh access token, or with
 *   `refuseTokens` an `invalid_grant` that echoes the request;
 * - `tlsUrl` speaks TLS with a self-signed certificate;
 * - `closedUrl` is a port nobody listens on;
 * - `unresolvedUrl` names a host no resolver knows (`.invalid`, RFC 6761);
 * - `blockedUrl` is on a loopback address the SSRF guard refuses unless allowlisted (tests
 *   allowlist 127.0.0.1 alone); the redirect goes there.
 */
export interface FailingVendor {
  url: string;
  tlsUrl: string;
  closedUrl: string;
  unresolvedUrl: string;
  blockedUrl: string;
  fail: VendorFailure;
  refuseTokens: boolean;
  /** Every request that reached `url`: proof of what went out. */
  requests: RecordedRequest[];
  /** Access tokens issued so far. */
  issued: string[];
  close(): Promise<void>;
}

export interface FailingVendorOptions {
  /** The integration read cap (INTEGRATION_MAX_BYTES): `size_cap` cuts the answer there. */
  maxBytes: number;
  /** Credential forms to look for in a request: `size_cap` puts the cap inside the first found. */
  secrets: () => readonly string[];
}

/** Headers every client sends; an echo of them would only hide the ones that matter. */
const PLAIN_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
]);

export async function startFailingVendor(options: FailingVendorOptions): Promise<FailingVendor> {
  const issued: string[] = [];
  let blockedUrl = '';
  const state = { fail: 'echo_4xx' as VendorFailure, refuseTokens: false };
  const server: LocalServer = await startLocalServer((request, response) => {
    const echo = echoOf(request);
    if (request.method === 'POST' && request.body.includes('grant_type=refresh_token')) {
      response.writeHead(state.refuseTokens ? 400 : 200, { 'content-type': 'application/json' });
      if (state.refuseTokens)
        return void response.end(JSON.stringify({ error: 'invalid_grant', echo }));
      const token = `at-${Math.random().toString(36).slice(2, 14)}${issued.length}`;
      issued.push(token);
      return void response.end(JSON.stringify({ access_token: token, expires_in: 3600 }));
    }
    switch (state.fail) {
      case 'timeout':
        return; // the socket stays open until the client gives up
      case 'redirect': {
        const elsewhere = new URL(`${blockedUrl}/elsewhere`);
        elsewhere.searchParams.set('from', request.url);
        elsewhere.searchParams.set('auth', String(request.headers.authorization ?? ''));
        response.writeHead(307, { location: elsewhere.href });
        return void response.end();
      }
      case 'size_cap': {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return void response.end(cutInsideSecret(JSON.stringify(echo), options));
      }
      default:
        response.writeHead(state.fail === 'echo_4xx' ? 400 : 500, {
          'content-type': 'application/json',
        });
        response.end(JSON.stringify({ error: 'request refused', echo }));
    }
  });
  blockedUrl = `http://127.0.0.2:${server.port}`;
  const tls = await startSelfSignedServer();
  const closedPort = await freePort();
  return {
    url: server.url,
    tlsUrl: `https://127.0.0.1:${tls.port}`,
    closedUrl: `http://127.0.0.1:${closedPort}`,
    unresolvedUrl: `http://vendor-${randomBytes(4).toString('hex')}.invalid`,
    blockedUrl,
    get fail() {
      return state.fail;
    },
    set fail(value) {
      state.fail = value;
    },
    get refuseTokens() {
      return state.refuseTokens;
    },
    set refuseTokens(value) {
      state.refuseTokens = value;
    },
    requests: server.requests,
    issued,
    async close() {
      await Promise.all([server.close(), tls.close()]);
    },
  };
}

/** What a careless vendor repeats back: the request line, the headers that matter, the body. */
function echoOf(request: RecordedRequest) {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !PLAIN_HEADERS.has(name)),
  );
  return { request: `${request.method} ${request.url}`, headers, body: request.body };
}

/**
 * A long answer whose byte at the read cap falls two characters before the end of the first
 * credential form the request carried: the runtime reads a credential's start, not its end.
 */
function cutInsideSecret(echo: string, options: FailingVendorOptions): string {
  const found = options
    .secrets()
    .map((form) => ({ form, at: echo.indexOf(form) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const filler = '.'.repeat(options.maxBytes);
  if (!found) return `${echo}${filler}`;
  const padding = options.maxBytes - (found.at + found.form.length - 2);
  return `${'.'.repeat(Math.max(0, padding))}${echo}${filler}`;
}

/** A TLS server with a certificate no client trusts: the handshake fails on the client side. */
async function startSelfSignedServer(): Promise<{ port: number; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'self-signed-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-days',
    '1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  const server = createHttpsServer(
    { key: await readFile(key), cert: await readFile(cert) },
    (_request, response) => response.end('{}'),
  );
  await rm(dir, { recursive: true, force: true });
  const port = await listen(server);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and has no listener now. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}
