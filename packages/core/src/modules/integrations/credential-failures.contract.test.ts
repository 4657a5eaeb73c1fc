import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../logger.js';
import { SafeFetcher } from '../../net/safe-fetch.js';
import { createSsrfGuard } from '../../net/ssrf.js';
import {
  type FailingVendor,
  startFailingVendor,
  type VendorFailure,
} from '../../testing/fakes/failing-vendor.js';
import { uniqueCredential } from '../../testing/fakes/fake-upstream.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { findLeaks, leakForms } from '../../testing/leak-search.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { basicPair } from './auth-placement.js';
import { CONNECTORS } from './connectors/index.js';
import type { IntegrationDefinition } from './integration.js';
import { type FailureKind, SafeUpstream, type UpstreamTransport } from './upstream.js';

/**
 * The credential contract on failures: every connector and every kind of MCP server, given
 * credentials no other one has, fails in every way a vendor can (no DNS answer, a refused
 * connection, a TLS error, no answer in time, an answer over the read cap, a redirect to another
 * origin, an address the SSRF guard refuses, a 4xx or 5xx whose body echoes the request, a
 * refused OAuth refresh), called by the operator and by the model. Then no form of any
 * credential may be found in an answer, a call log row, a connector view, an audit row, a trace,
 * a log line, a metric, a live event, what the model read, or a file under DATA_DIR (the
 * embedded database, the key-value store in it, the journals). The stores are the embedded
 * ones: their files hold everything a PostgreSQL or Redis would, where the search can read it.
 */
const definitions: IntegrationDefinition[] = [];
for (const load of Object.values(CONNECTORS)) definitions.push((await load()).default);

const MAX_BYTES = 1024;
/**
 * INTEGRATION_TIMEOUT: short, yet long enough that only the vendor that never answers times out
 * on a busy machine (every call of a failure is sent at once, on this one event loop: 53 TLS
 * handshakes took over 3 s on a machine whose load stood at 15).
 */
const TIMEOUT_MS = 8_000;
const FAILURES = [
  'dns',
  'refused',
  'tls',
  'timeout',
  'size_cap',
  'redirect',
  'ssrf',
  'echo_4xx',
  'echo_5xx',
  'oauth_refresh',
] as const;
type Failure = (typeof FAILURES)[number];

/** How the vendor answers under each failure; under the others only its token endpoint is met. */
const VENDOR_FAILURE: Partial<Record<Failure, VendorFailure>> = {
  timeout: 'timeout',
  size_cap: 'size_cap',
  redirect: 'redirect',
  echo_4xx: 'echo_4xx',
  echo_5xx: 'echo_5xx',
};

/** What a built-in connector's call reports under each failure (a write is never redirected). */
const EXPECTED_KIND: Record<Failure, FailureKind[]> = {
  dns: ['network'],
  refused: ['network'],
  tls: ['network'],
  timeout: ['timeout'],
  size_cap: ['upstream_reported'],
  redirect: ['blocked', 'network'],
  ssrf: ['blocked'],
  echo_4xx: ['upstream_4xx'],
  echo_5xx: ['upstream_5xx'],
  oauth_refresh: ['upstream_4xx'],
};

const STDIO_SERVER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'mcp/testing/failing-stdio-server.mjs',
);

/** An MCP server of each transport for each failure it can show, as registered. */
function mcpServers(vendor: FailingVendor, secret: (name: string) => string) {
  const http = (name: string, failures: Failure[], url: string) => ({
    name,
    failures,
    body: { name, transport: 'http', url, token: secret(name) },
  });
  const stdio = (name: string, failures: Failure[], command: string[]) => ({
    name,
    failures,
    body: { name, transport: 'stdio', command, env: { LEAK_KEY: secret(name) } },
  });
  const node = (...args: string[]) => [process.execPath, STDIO_SERVER, ...args];
  return [
    // Refused when registered: the address is checked first.
    http('h-dns', [], `${vendor.unresolvedUrl}/mcp`),
    http('h-ssrf', [], `${vendor.blockedUrl}/mcp`),
    http('h-refused', ['refused'], `${vendor.closedUrl}/mcp`),
    http('h-tls', ['tls'], `${vendor.tlsUrl}/mcp`),
    http('h-vendor', ['timeout', 'size_cap', 'redirect', 'echo_4xx', 'echo_5xx'], vendor.url),
    stdio('s-exit', ['refused'], node('exit', 'LEAK_KEY')),
    stdio('s-missing', ['dns'], [`/nonexistent/mcp-server-${randomBytes(4).toString('hex')}`]),
    stdio('s-hang', ['timeout'], node('hang')),
    stdio('s-rpc', ['echo_5xx'], node('rpc-error', 'LEAK_KEY')),
  ];
}

describe('no credential in any failure, of any connector or MCP server', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let vendor: FailingVendor;
  let failure: Failure = 'echo_4xx';
  let servers: ReturnType<typeof mcpServers> = [];
  /** Every credential form looked for, with whose it is. */
  const forms = new Map<string, string>();
  const values = new Map<string, Record<string, string>>();
  const answers: string[] = [];
  const logLines: string[] = [];
  const liveEvents: string[] = [];
  const run = randomBytes(4).toString('hex');
  /** When the app was up: a file under DATA_DIR older than that holds no credential. */
  let booted = 0;

  const remember = (owner: string, value: string) => {
    for (const form of leakForms(value)) forms.set(form, owner);
  };

  /**
   * The runtime's own transport with a resolver that knows no name: DNS fails at once, as the
   * machine's resolver would for `.invalid`, but without a hundred lookups sent out at once.
   */
  const unresolving = new SafeFetcher({
    guard: createSsrfGuard({
      allowlist: [],
      resolve: async (host) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      },
    }),
    maxBytes: MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
  });
  const withoutDns = new SafeUpstream(unresolving, { maxBytes: MAX_BYTES, timeoutMs: TIMEOUT_MS });

  /** Every vendor host goes where the failure under test happens. */
  const toFailure = (vendors: UpstreamTransport): UpstreamTransport => ({
    send(request, options) {
      const targets: Partial<Record<Failure, string>> = {
        dns: vendor.unresolvedUrl,
        refused: vendor.closedUrl,
        tls: vendor.tlsUrl,
        ssrf: vendor.blockedUrl,
      };
      const to = new URL(targets[failure] ?? vendor.url);
      const url = new URL(request.url.href);
      url.protocol = to.protocol;
      url.host = to.host;
      return (failure === 'dns' ? withoutDns : vendors).send({ ...request, url }, options);
    },
  });

  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await client.inject({ method, url, ...(payload ? { payload } : {}) });
    answers.push(response.body);
    return response;
  };

  beforeAll(async () => {
    vendor = await startFailingVendor({ maxBytes: MAX_BYTES, secrets: () => [...forms.keys()] });
    model = await startFakeOpenAi();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
        // The vendor and the MCP servers listen there; 127.0.0.2 stays refused.
        SSRF_ALLOWLIST: '127.0.0.1',
        INTEGRATION_TIMEOUT: `${TIMEOUT_MS}ms`,
        INTEGRATION_MAX_BYTES: String(MAX_BYTES),
        // Every failure must reach the vendor step, not an open circuit.
        CB_FAILURE_THRESHOLD: '1000',
        // The stdio servers run from the repository, which bubblewrap would hide.
        SANDBOX: 'none',
      },
      logger: pino(loggerOptions('trace'), sink),
      integrationsOptions: { transport: toFailure },
    });
    booted = Date.now();
    t.app.events.subscribe((event) => liveEvents.push(JSON.stringify(event)));
    client = await t.login();
    await t.app.autonomy.setMode('FULL', 'test', null);

    await Promise.all(definitions.map((d) => configure(d)));
    servers = mcpServers(vendor, (name) => {
      const secret = `mcp-${name}-${run}-${randomBytes(8).toString('hex')}`;
      remember(`mcp-${name}`, secret);
      return secret;
    });
    const registered = await Promise.all(
      servers.map((server) => inject('POST', '/api/integrations/mcp/servers', server.body)),
    );
    expect(registered.map((r) => r.statusCode)).toEqual(
      servers.map((s) => (s.name === 'h-dns' || s.name === 'h-ssrf' ? 400 : 201)),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await withoutDns.close();
    await unresolving.close();
    await vendor?.close();
    await model?.close();
  });

  /** Credentials of its own for a connector (and a base URL where it has none). */
  async function configure(d: IntegrationDefinition) {
    const fields: Record<string, string> = {};
    for (const field of d.fields) {
      fields[field.name] = field.secret
        ? uniqueCredential(field, `${run}-${d.id}`)
        : (field.default ?? field.example);
      if (field.secret) remember(`${d.id}.${field.name}`, fields[field.name] as string);
    }
    values.set(d.id, fields);
    const { auth } = d;
    if (auth.type === 'basic') {
      const user = auth.usernameField ? fields[auth.usernameField] : auth.username;
      remember(`${d.id} Basic pair`, basicPair(user ?? '', fields[auth.passwordField] ?? ''));
    }
    if (auth.type === 'oauth2') {
      const id = encodeURIComponent(fields[auth.clientIdField] ?? '');
      const secret = encodeURIComponent(fields[auth.clientSecretField] ?? '');
      remember(`${d.id} client Basic pair`, basicPair(id, secret));
    }
    if (d.baseUrlOverride === 'required') {
      const set = await inject('PUT', `/api/integrations/${d.id}/base-url`, {
        base_url: 'https://self-hosted.example/api',
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    if (d.fields.length === 0) return;
    const set = await inject('PUT', `/api/integrations/${d.id}/credentials`, { values: fields });
    expect(set.statusCode, set.body).toBe(200);
  }

  /** The connectors and MCP servers that can show this failure, with their test action. */
  const calledFor = (kind: Failure) => [
    ...definitions
      .filter((d) => kind !== 'oauth_refresh' || d.auth.type === 'oauth2')
      .map((d) => ({ id: d.id, action: d.testAction, mcp: false })),
    ...servers
      .filter((s) => s.failures.includes(kind))
      .map((s) => ({ id: `mcp-${s.name}`, action: 'ping', mcp: true })),
  ];

  // The operator's calls go first, then the model's: a second call of the same connector at
  // once would meet its rate limit (arXiv's one per 3 s) or wait on its OAuth refresh.
  it.each(FAILURES)('%s: the operator and the model get the failure', async (kind) => {
    failure = kind;
    vendor.fail = VENDOR_FAILURE[kind] ?? 'echo_4xx';
    vendor.refuseTokens = kind === 'oauth_refresh';
    const calls = calledFor(kind);
    if (kind === 'oauth_refresh')
      // Credentials set again drop the cached access token: the next call must refresh it.
      for (const { id } of calls) {
        const set = await inject('PUT', `/api/integrations/${id}/credentials`, {
          values: values.get(id),
        });
        expect(set.statusCode).toBe(200);
      }

    await t.kv.deleteByPattern('int:rate:*');
    const executed = await Promise.all(
      calls.map(({ id, action }) =>
        inject('POST', `/api/integrations/${id}/execute`, { action, params: {} }),
      ),
    );
    for (const [index, answer] of executed.entries()) {
      const { id, mcp } = calls[index] as (typeof calls)[number];
      // An answer over the cap is cut and read; a vendor that says ok:false in it still fails.
      if (kind === 'size_cap' && answer.statusCode === 200) {
        expect(answer.json().truncated, id).toBe(true);
        continue;
      }
      expect(answer.statusCode, `${id}: ${answer.body}`).toBe(502);
      expect(answer.json().error, id).toBe('upstream_error');
      if (!mcp) expect(EXPECTED_KIND[kind], `${id}: ${answer.body}`).toContain(answer.json().kind);
    }

    await t.kv.deleteByPattern('int:rate:*');
    model.queue(
      {
        toolCalls: calls.map(({ id, action }) => ({
          name: 'integration_skill',
          input: { integration_id: id, action, params: {} },
        })),
      },
      { text: 'Done.' },
    );
    const chat = await inject('POST', '/chat', { text: `check ${kind}`, chat_id: `leak-${kind}` });
    expect(chat.statusCode, chat.body).toBe(200);
    const trace = await inject('GET', `/api/traces/${chat.json().request_id}`);
    expect(trace.json().steps).toHaveLength(calls.length);
  });

  it('finds no credential in any sink', async () => {
    const ids = [...definitions.map((d) => d.id), ...servers.map((s) => `mcp-${s.name}`)];
    const logs = await Promise.all(
      ids.map((id) => inject('GET', `/api/integrations/${id}/calls?limit=200`)),
    );
    // Two calls (the operator's, the model's) for each failure a connector was put through.
    const rows = logs.reduce((sum, log) => sum + (log.json().calls?.length ?? 0), 0);
    expect(rows).toBe(2 * FAILURES.flatMap((kind) => calledFor(kind)).length);
    await Promise.all(ids.map((id) => inject('GET', `/api/integrations/${id}`)));
    await inject('GET', '/api/integrations');
    await inject('GET', '/api/integrations/mcp/servers');
    await t.app.audit.flush();
    let audited = 0;
    for (let cursor = ''; ; ) {
      const page = await inject('GET', `/api/audit?since=24h&limit=500${cursor}`);
      audited += page.json().entries.length;
      if (!page.json().next_cursor) break;
      cursor = `&cursor=${encodeURIComponent(page.json().next_cursor)}`;
    }
    expect(audited).toBeGreaterThan(2 * FAILURES.length * definitions.length);
    const traces = await inject('GET', '/api/traces?limit=500');
    expect(traces.json().traces).toHaveLength(FAILURES.length);

    // The search finds what is there: each connector's credentials went out to the vendor.
    const sent = new Map([['vendor', JSON.stringify(vendor.requests)]]);
    const senders = new Set(findLeaks(forms, sent).map((leak) => leak.owner.split(/[. ]/)[0]));
    for (const d of definitions.filter((d) => d.fields.some((f) => f.secret)))
      expect(senders.has(d.id), `${d.id} sent no credential`).toBe(true);
    expect(vendor.issued.length).toBeGreaterThan(0);
    for (const token of vendor.issued) remember('an OAuth access token', token);

    const sinks = new Map<string, string | Buffer>([
      ['API answers', answers.join('\n')],
      ['log lines', logLines.join('')],
      ['live events', liveEvents.join('\n')],
      ['metrics', await t.app.metrics.metrics()],
      ['model requests', JSON.stringify(model.requests)],
    ]);
    for (const file of await filesUnder(t.sql.dataDir, booted))
      sinks.set(file, await readFile(file));
    const leaks = findLeaks(forms, sinks).map((l) => `${l.owner} in ${l.where}: ${l.context}`);
    expect(leaks).toEqual([]);
  });
});

/** The files under `dir` written since `since` (the database's own start-up files are not). */
async function filesUnder(dir: string, since: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const written = await Promise.all(files.map(async (file) => (await stat(file)).mtimeMs >= since));
  return files.filter((_file, index) => written[index]);
}
