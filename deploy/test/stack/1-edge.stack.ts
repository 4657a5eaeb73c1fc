// The stack from outside: TLS and redirects at agent-proxy, the operator's sign-in, streaming
// through the proxy, the client's address as the runtime sees it, and which ports anyone outside
// agent-net can reach.
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SseReader } from '../../../packages/core/src/testing/sse-client.js';
import { containerOf, docker, http, https, signIn } from './stack.js';

const run = promisify(execFile);

/** Whether a TCP connection to host:port opens within `ms`. */
function reachable(host: string, port: number, ms = 1_500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const hostAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4')
    .map((entry) => entry?.address ?? '');

/** Every port a container of the stack listens on, by service. */
const INNER_PORTS = {
  'agent-core': 8080,
  'agent-core-metrics': 9464,
  'agent-sqldb': 5432,
  'agent-kvstore': 6379,
  'agent-broker': 2375,
  'agent-llm': 11434,
  'agent-proxy': 2019,
};

describe('agent-proxy', () => {
  it('serves the dashboard over TLS from Caddy’s internal CA, trusted explicitly', async () => {
    const login = await https('/login', { headers: { accept: 'text/html' } });
    expect(login.status).toBe(200);
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(login.headers['strict-transport-security'] ?? '').not.toBe(undefined);
    await expect(https('/login', { untrusted: true })).rejects.toThrow(/certificate|self.signed/i);
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await http('/overview?tab=1');
    expect([301, 308]).toContain(answer.status);
    expect(answer.headers.location).toBe('https://localhost/overview?tab=1');
  });

  it('signs in with the credentials install.sh wrote, and the cookies are Secure', async () => {
    const session = await signIn();
    expect(session.setCookie.length).toBeGreaterThanOrEqual(2);
    for (const line of session.setCookie) expect(line).toMatch(/;\s*Secure/i);
    expect(session.setCookie.find((line) => line.startsWith('session='))).toMatch(/HttpOnly/i);
    const me = await session.call('/auth/session');
    expect(me.status).toBe(200);
    expect(me.json().user).toBe('admin');
  });

  it('records the client’s address as the proxy saw it, never one the client claims', async () => {
    const session = await signIn();
    await signIn({
      fresh: true,
      headers: { 'x-forwarded-for': '203.0.113.77', 'x-real-ip': '203.0.113.78' },
    });
    const rows = (await session.call('/api/audit?action=auth.login&limit=2')).json().entries;
    expect(rows).toHaveLength(2);
    const proxyIp = await docker(
      'inspect',
      await containerOf('agent-proxy'),
      '-f',
      '{{(index .NetworkSettings.Networks "agent-net").IPAddress}}',
    );
    // The test runs on the host, and the engine's port proxy connects to Caddy from one of the
    // host's own addresses: that is the client Caddy saw. Without X-Forwarded-For honoured, the
    // proxy container's address would show; with a client's header believed, 203.0.113.77 would.
    const host = hostAddresses();
    for (const row of rows) {
      expect(host, row.detail.ip).toContain(row.detail.ip);
      expect(row.detail.ip).not.toBe(proxyIp);
      expect(row.detail.ip).not.toBe('203.0.113.77');
    }
  });

  it('passes a chat stream through chunk by chunk, not buffered to the end', async () => {
    const session = await signIn();
    const started = Date.now();
    const response = await session.stream('/chat/stream', {
      body: { text: 'stream 8 300', chat_id: 'stack-stream' },
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    const arrivals: number[] = [];
    const seen = new Set<unknown>();
    const timer = setInterval(() => {
      for (const event of reader.events)
        if (event.event === 'chunk' && !seen.has(event)) {
          seen.add(event);
          arrivals.push(Date.now() - started);
        }
    }, 10);
    await reader.waitFor((event) => event.event === 'done', 30_000);
    clearInterval(timer);
    const done = reader.named('done')[0] as { final: string };
    expect(done.final).toBe('word1 word2 word3 word4 word5 word6 word7 word8');
    // Eight pieces 300 ms apart: buffered, they would all arrive together at the end.
    expect(arrivals.length).toBeGreaterThanOrEqual(6);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(1_200);
  });
});

describe('what is reachable from outside agent-net', () => {
  it('publishes only agent-proxy’s 80 and 443', async () => {
    const published = await docker('ps', '--format', '{{.Names}} {{.Ports}}');
    const lines = published.split('\n').filter((line) => /->/.test(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/agent-proxy/);
    const ports = [...(lines[0] ?? '').matchAll(/:(\d+)->(\d+)\/(tcp|udp)/g)].map(
      (m) => `${m[2]}/${m[3]}`,
    );
    expect([...new Set(ports)].sort()).toEqual(['443/tcp', '443/udp', '80/tcp']);
  });

  it('listens on the host for 80 and 443 alone: every other port stays inside agent-net', async () => {
    // The engine publishes a port through its own listener (docker-proxy) on the host: those are
    // the stack's whole exposure, whatever else (the host's own services) listens there.
    const { stdout } = await run('ss', ['-Hltnup']);
    const published = stdout
      .split('\n')
      .filter((line) => line.includes('docker-proxy'))
      .map((line) => `${line.split(/\s+/)[0]}/${line.split(/\s+/)[4]?.split(':').at(-1)}`);
    expect([...new Set(published)].sort()).toEqual(['tcp/443', 'tcp/80', 'udp/443']);
    // And no port of a container answers on the host's own addresses (loopback and the host's
    // interfaces), where nothing else of this machine listens on them.
    const taken = new Set(
      stdout.split('\n').map((line) => Number(line.split(/\s+/)[4]?.split(':').at(-1))),
    );
    for (const address of ['127.0.0.1', ...hostAddresses()])
      for (const port of Object.values(INNER_PORTS).filter((p) => !taken.has(p)))
        expect(await reachable(address, port), `${address}:${port}`).toBe(false);
    expect(await reachable('127.0.0.1', 443)).toBe(true);
  });

  it('keeps agent-sqldb, agent-kvstore and agent-broker away from another network’s containers', async () => {
    const targets: string[] = [];
    for (const service of [
      'agent-sqldb',
      'agent-kvstore',
      'agent-broker',
      'agent-core',
      'agent-llm',
    ] as const) {
      const ip = await docker(
        'inspect',
        await containerOf(service),
        '-f',
        '{{(index .NetworkSettings.Networks "agent-net").IPAddress}}',
      );
      targets.push(`${ip}:${INNER_PORTS[service]}`, `${service}:${INNER_PORTS[service]}`);
    }
    await docker('network', 'create', 'stack-outsider');
    try {
      const probe = `
        const net = require('node:net');
        const tryOne = (t) => new Promise((r) => {
          const [host, port] = t.split(':');
          const s = net.connect({ host, port: Number(port) });
          const end = (v) => { s.destroy(); r(t + ' ' + v); };
          s.setTimeout(2000, () => end('timeout'));
          s.once('connect', () => end('OPEN'));
          s.once('error', (e) => end(e.code));
        });
        Promise.all(process.argv.slice(1).map(tryOne)).then((l) => console.log(l.join('\\n')));`;
      const out = await docker(
        'run',
        '--rm',
        '--network',
        'stack-outsider',
        'agent-test/node',
        'node',
        '-e',
        probe,
        ...targets,
      );
      const results = out.split('\n');
      expect(results).toHaveLength(targets.length);
      for (const line of results) expect(line).not.toMatch(/OPEN$/);
    } finally {
      await docker('network', 'rm', 'stack-outsider');
    }
  });
});
