import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrokerFixture, startBrokerFixture, TEST_TOKEN } from './testing/broker-fixture.js';

const fixture = await startBrokerFixture();

const auth = `authorization: Bearer ${TEST_TOKEN}`;
const request = (line: string, ...headers: string[]) =>
  `${line} HTTP/1.1\r\nhost: agent-broker\r\n${[...headers, 'connection: close'].join('\r\n')}\r\n\r\n`;

/** Each is sent as raw bytes with the right token unless it is about the token. */
const REFUSED: Array<[string, string, string]> = [
  // Calls outside the five (SPEC section 1 rule 1).
  ['create', request('POST /containers/create', auth), 'path'],
  ['engine create path', request('POST /containers/create?name=x', auth), 'path'],
  ['exec', request('POST /containers/web/exec', auth), 'path'],
  ['kill', request('POST /containers/web/kill', auth), 'path'],
  ['remove', request('DELETE /containers/web', auth), 'path'],
  ['commit', request('POST /commit?container=web', auth), 'path'],
  ['engine inspect path', request('GET /containers/web/json', auth), 'path'],
  ['volumes', request('GET /volumes', auth), 'path'],
  ['ping', request('GET /_ping', auth), 'path'],
  ['wrong method on list', request('POST /containers/list', auth), 'method'],
  ['wrong method on start', request('GET /containers/web/start', auth), 'method'],
  ['DELETE on stop', request('DELETE /containers/web/stop', auth), 'method'],
  // Another API version prefix.
  ['versioned list', request('GET /v1.41/containers/list', auth), 'path'],
  ['versioned engine list', request('GET /v1.41/containers/json', auth), 'path'],
  ['libpod prefix', request('GET /v4.3.1/libpod/containers/json', auth), 'path'],
  // Path tricks.
  ['encoded slash', request('POST /containers/web%2F..%2F..%2Fcreate/start', auth), 'path'],
  ['encoded dot-dot', request('GET /containers/%2e%2e/inspect', auth), 'path'],
  ['dot-dot', request('GET /containers/../containers/list', auth), 'path'],
  ['dot-dot in name', request('POST /containers/..%2Fexec/start', auth), 'path'],
  ['double slash', request('GET //containers/list', auth), 'path'],
  ['trailing slash', request('GET /containers/list/', auth), 'path'],
  ['absolute URL', request('GET http://engine/containers/list', auth), 'path'],
  ['backslash', request('GET /containers\\list', auth), 'path'],
  // Query tricks.
  ['unknown parameter', request('POST /containers/web/start?force=1', auth), 'query'],
  ['repeated parameter', request('GET /containers/list?all=1&all=0', auth), 'query'],
  ['encoded parameter', request('GET /containers/list?al%6c=1', auth), 'query'],
  ['tail out of range', request('GET /containers/web/logs?tail=100000', auth), 'query'],
  ['follow logs', request('GET /containers/web/logs?follow=1', auth), 'query'],
  ['stop timeout too long', request('POST /containers/web/stop?timeout=3600', auth), 'query'],
  // Bodies and protocol.
  [
    'chunked body',
    `POST /containers/web/start HTTP/1.1\r\nhost: b\r\n${auth}\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n4\r\n{"a"\r\n0\r\n\r\n`,
    'body',
  ],
  [
    'content body',
    `POST /containers/web/stop HTTP/1.1\r\nhost: b\r\n${auth}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
    'body',
  ],
  ['HTTP/1.0', `GET /containers/list HTTP/1.0\r\n${auth}\r\n\r\n`, 'http_version'],
  [
    'attach upgrade',
    request('POST /containers/web/attach?stream=1', auth, 'upgrade: tcp', 'connection: Upgrade'),
    'upgrade',
  ],
  [
    'upgrade on an allowed path',
    request('GET /containers/web/logs', auth, 'upgrade: websocket', 'connection: Upgrade'),
    'upgrade',
  ],
  ['CONNECT', `CONNECT /var/run/docker.sock HTTP/1.1\r\nhost: b\r\n${auth}\r\n\r\n`, 'connect'],
  // The token.
  ['no token', request('GET /containers/list'), 'unauthorized'],
  [
    'wrong token',
    request('GET /containers/list', `authorization: Bearer ${'x'.repeat(TEST_TOKEN.length)}`),
    'unauthorized',
  ],
  [
    'token prefix',
    request('GET /containers/list', `authorization: Bearer ${TEST_TOKEN.slice(0, -1)}`),
    'unauthorized',
  ],
  [
    'token as basic',
    request('GET /containers/list', `authorization: Basic ${TEST_TOKEN}`),
    'unauthorized',
  ],
  ['token in the query', request(`GET /containers/list?token=${TEST_TOKEN}`), 'unauthorized'],
  ['no token on start', request('POST /containers/web/stop'), 'unauthorized'],
];

describe.skipIf(!fixture)('agent-broker: every call outside the five is refused', () => {
  let f: BrokerFixture;
  beforeAll(() => {
    f = fixture as BrokerFixture;
  });
  afterAll(() => f?.close());

  it.each(REFUSED)(
    '%s: 403 with a JSON error, an audit line and nothing sent to the engine',
    async (_name, bytes, reason) => {
      const engineCalls = f.recorder.sent.length;
      const audited = f.audit.length;
      const answer = await f.raw(bytes);
      expect(answer.status).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toMatchObject({ error: 'forbidden', reason });
      expect(f.audit.slice(audited)).toEqual([
        expect.objectContaining({ event: 'broker.refused', status: 403, reason }),
      ]);
      expect(f.recorder.sent.length).toBe(engineCalls);
    },
  );

  it('left every container as it was and created none', async () => {
    const listing = JSON.parse(
      (await f.engine.api('GET', '/containers/json?all=1')).body,
    ) as Array<{
      Names: string[];
      State: string;
    }>;
    const states = Object.fromEntries(
      listing.map((c) => [c.Names[0]?.replace(/^\//, ''), c.State]),
    );
    expect(states).toEqual({
      web: 'running',
      idle: 'created',
      'agent-sqldb': 'running',
      stranger: 'running',
    });
    // The audit never holds the token, whatever the client sent.
    expect(JSON.stringify(f.audit)).not.toContain(TEST_TOKEN);
  });

  it('still answers allowed calls on the same broker', async () => {
    expect((await f.call('GET', '/containers/web/inspect')).status).toBe(200);
  });
});
