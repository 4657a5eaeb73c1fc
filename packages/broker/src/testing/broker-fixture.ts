import type { Server } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { AuditEntry } from '../audit-log.js';
import { createBroker } from '../broker.js';
import { loadBrokerConfig } from '../config.js';
import { type EngineRecorder, recordEngine } from './engine-recorder.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

export const TEST_TOKEN = `${'b'.repeat(24)}0123456789abcdef`;

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back.
  json(): any;
}

export interface BrokerFixture {
  engine: TestEngine;
  recorder: EngineRecorder;
  broker: Server;
  port: number;
  audit: AuditEntry[];
  /** Full ids of the containers the fixture made, by name. */
  ids: Record<string, string>;
  /** Sends exactly these bytes to the broker and reads the answer until the socket closes. */
  raw(text: string): Promise<RawAnswer>;
  /** A well-formed HTTP/1.1 request with the broker token (unless headers replace it). */
  call(method: string, target: string, headers?: Record<string, string>): Promise<RawAnswer>;
  close(): Promise<void>;
}

export function parseAnswer(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const body = split < 0 ? '' : text.slice(split + 4);
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body,
    json: () => JSON.parse(body),
  };
}

/**
 * The broker in front of a real engine (through a recorder that keeps what reached it), with
 * four containers: `web` (controllable, running, with secrets in its environment, labels and
 * a bind mount), `idle` (controllable, created but never started), `agent-sqldb` (labelled
 * controllable but on the default deny list) and `stranger` (not controllable).
 */
export async function startBrokerFixture(
  env: Record<string, string> = {},
): Promise<BrokerFixture | null> {
  const engine = await startTestEngine();
  if (!engine) return null;
  const controllable = { 'agent-runtime.controllable': 'true' };
  const ids: Record<string, string> = {};
  ids.web = await engine.createContainer({
    name: 'web',
    labels: { ...controllable, 'api.token': 'label-secret-value', tier: 'frontend' },
    env: ['DATABASE_PASSWORD=env-secret-value', 'MODE=production'],
    binds: [`${engine.root}:/host-folder:ro`],
  });
  ids.idle = await engine.createContainer({ name: 'idle', labels: controllable, start: false });
  ids['agent-sqldb'] = await engine.createContainer({ name: 'agent-sqldb', labels: controllable });
  ids.stranger = await engine.createContainer({ name: 'stranger' });

  const recorder = await recordEngine(engine.socketPath, path.join(engine.root, 'recorder.sock'));
  const audit: AuditEntry[] = [];
  const config = loadBrokerConfig({
    BROKER_TOKEN: TEST_TOKEN,
    BROKER_HOST: '127.0.0.1',
    BROKER_PORT: '0',
    DOCKER_HOST: `unix://${recorder.socketPath}`,
    ...env,
  });
  const broker = createBroker({ config, audit: (entry) => audit.push(entry) });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const raw = (text: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(parseAnswer(received)));
      socket.write(text);
    });
  const call = (method: string, target: string, headers: Record<string, string> = {}) => {
    const all = {
      host: 'agent-broker',
      authorization: `Bearer ${TEST_TOKEN}`,
      connection: 'close',
      ...headers,
    };
    const lines = Object.entries(all)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}: ${value}`);
    return raw(`${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  };

  return {
    engine,
    recorder,
    broker,
    port,
    audit,
    ids,
    raw,
    call,
    async close() {
      broker.closeAllConnections();
      await new Promise((resolve) => broker.close(resolve));
      await recorder.close();
      await engine.close();
    },
  };
}
