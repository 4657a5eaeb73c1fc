import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type AuditEntry, type AuditSink, loggablePath, stdoutAudit } from './audit-log.js';
import type { BrokerConfig } from './config.js';
import { judgeContainer } from './container-policy.js';
import { EngineClient, EngineError } from './engine-client.js';
import { parseLogs } from './log-stream.js';
import { redactInspect, redactLabels } from './redact-inspect.js';
import { type AllowedCall, judgeRequest } from './request-gate.js';
import { ActionThrottle } from './throttle.js';

export interface BrokerOptions {
  config: BrokerConfig;
  audit?: AuditSink;
  now?: () => number;
}

/** A failure with the status and JSON body the client gets. */
class BrokerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface EngineContainer {
  Id?: string;
  Name?: string;
  Names?: string[];
  Image?: string;
  State?: string | { Status?: string; Running?: boolean };
  Status?: string;
  Created?: number;
  Labels?: Record<string, string> | null;
  Config?: { Labels?: Record<string, string> | null; Tty?: boolean };
}

const DEFAULT_LOG_TAIL = 100;
const DEFAULT_STOP_SECONDS = 10;

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** A whole 403 answer written straight to a socket that never became a request. */
function forbiddenHead(reason: string, message: string): string {
  const body = JSON.stringify({ error: 'forbidden', reason, message });
  return `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/**
 * agent-broker: an HTTP service that lets agent-core make SPEC section 1's five container
 * calls and nothing else, against the engine socket only it mounts. Each call is judged
 * (request-gate.ts), its container checked against the operator's allow and deny lists, start
 * and stop throttled, inspect redacted, and every call written to the audit log.
 */
export function createBroker(options: BrokerOptions): Server {
  const { config } = options;
  const audit = options.audit ?? stdoutAudit;
  const engine = new EngineClient(config.engine);
  const throttle = new ActionThrottle(config.actionBudget, config.actionWindowMs, options.now);

  const record = (
    request: IncomingMessage,
    entry: Omit<AuditEntry, 'time' | 'method' | 'path' | 'remote'>,
  ) =>
    audit({
      time: new Date(options.now?.() ?? Date.now()).toISOString(),
      method: loggablePath(request.method),
      // A client that puts the token in the path must not get it written to the log.
      path: loggablePath(request.url).replaceAll(config.token, '[redacted]'),
      remote: request.socket.remoteAddress ?? null,
      ...entry,
    });

  /** Reads a container and refuses it unless the operator's lists allow it. */
  async function controllable(reference: string) {
    const { status, value } = await engine.json<EngineContainer>(
      'GET',
      `/containers/${reference}/json`,
    );
    if (status === 404) throw new BrokerError(404, 'not_found', `No container named ${reference}`);
    if (status !== 200) throw new BrokerError(502, 'engine_error', `The engine answered ${status}`);
    const name = (value.Name ?? '').replace(/^\//, '');
    const verdict = judgeContainer(
      { name, labels: value.Config?.Labels ?? {} },
      config.allow,
      config.deny,
    );
    if (!verdict.allowed)
      throw new BrokerError(
        403,
        'container_not_allowed',
        `The broker may not touch container ${name}`,
        {
          rule: verdict.rule,
        },
      );
    return { id: value.Id ?? reference, name, inspect: value };
  }

  async function list(call: AllowedCall) {
    const all = call.query.all !== false;
    const { status, value } = await engine.json<EngineContainer[]>(
      'GET',
      `/containers/json?all=${all ? 1 : 0}`,
    );
    if (status !== 200 || !Array.isArray(value))
      throw new BrokerError(502, 'engine_error', `The engine answered ${status}`);
    const containers = value
      .map((container) => ({ container, name: (container.Names?.[0] ?? '').replace(/^\//, '') }))
      .filter(
        ({ container, name }) =>
          judgeContainer({ name, labels: container.Labels ?? {} }, config.allow, config.deny)
            .allowed,
      )
      .map(({ container, name }) => ({
        id: container.Id ?? null,
        name,
        image: container.Image ?? null,
        state: typeof container.State === 'string' ? container.State : null,
        status: container.Status ?? null,
        created:
          typeof container.Created === 'number'
            ? new Date(container.Created * 1000).toISOString()
            : null,
        labels: redactLabels(container.Labels),
      }));
    return { containers };
  }

  async function logs(call: AllowedCall, reference: string) {
    const target = await controllable(reference);
    const tail = typeof call.query.tail === 'number' ? call.query.tail : DEFAULT_LOG_TAIL;
    const response = await engine.call(
      'GET',
      `/containers/${target.id}/logs?stdout=1&stderr=1&tail=${tail}`,
    );
    if (response.status !== 200)
      throw new BrokerError(502, 'engine_error', `The engine answered ${response.status}`);
    return {
      id: target.id,
      name: target.name,
      tail,
      lines: parseLogs(response.body, target.inspect.Config?.Tty === true),
    };
  }

  async function startOrStop(call: AllowedCall, reference: string) {
    const target = await controllable(reference);
    const budget = throttle.take(target.id);
    if (!budget.allowed)
      throw new BrokerError(
        429,
        'rate_limited',
        `Container ${target.name} had ${config.actionBudget} start or stop calls in the last ${config.actionWindowMs / 1000} s`,
        { retry_after: budget.retryAfterSeconds },
        { 'retry-after': String(budget.retryAfterSeconds) },
      );
    const seconds =
      typeof call.query.timeout === 'number' ? call.query.timeout : DEFAULT_STOP_SECONDS;
    const path =
      call.action === 'stop'
        ? `/containers/${target.id}/stop?t=${seconds}`
        : `/containers/${target.id}/start`;
    const response = await engine.call('POST', path, (seconds + 30) * 1000);
    if (response.status !== 204 && response.status !== 304)
      throw new BrokerError(
        502,
        'engine_error',
        `The engine could not ${call.action} ${target.name} (${response.status})`,
      );
    const after = await engine.json<EngineContainer>('GET', `/containers/${target.id}/json`);
    const state = typeof after.value.State === 'object' ? (after.value.State.Status ?? null) : null;
    return {
      ok: true,
      id: target.id,
      name: target.name,
      action: call.action,
      changed: response.status === 204,
      state,
    };
  }

  async function run(call: AllowedCall): Promise<unknown> {
    const reference = call.container ?? '';
    switch (call.action) {
      case 'list':
        return list(call);
      case 'inspect': {
        const target = await controllable(reference);
        return { container: redactInspect(target.inspect) };
      }
      case 'logs':
        return logs(call, reference);
      case 'start':
      case 'stop':
        return startOrStop(call, reference);
    }
  }

  const server = createServer(async (request, response) => {
    const verdict = judgeRequest(request, config.token);
    if ('reason' in verdict) {
      record(request, {
        event: 'broker.refused',
        status: 403,
        reason: verdict.reason,
        action: null,
        container: null,
      });
      // Whatever body a refused client sends is dropped, and its connection with it.
      send(
        response,
        403,
        { error: 'forbidden', reason: verdict.reason, message: verdict.message },
        { connection: 'close' },
      );
      request.resume();
      return;
    }
    const facts = { action: verdict.action, container: verdict.container };
    try {
      const body = await run(verdict);
      record(request, { event: 'broker.allowed', status: 200, reason: null, ...facts });
      send(response, 200, body);
    } catch (error) {
      const known =
        error instanceof BrokerError
          ? error
          : new BrokerError(
              502,
              'engine_error',
              error instanceof EngineError
                ? `The engine is unreachable: ${error.message}`
                : 'The broker failed',
            );
      const event = known.status === 502 ? 'broker.failed' : 'broker.refused';
      record(request, { event, status: known.status, reason: known.code, ...facts });
      send(
        response,
        known.status,
        { error: known.code, message: known.message, ...known.extra },
        known.headers,
      );
    }
  });

  // Upgrade (attach, exec sessions) and CONNECT never become requests: refused on the socket.
  const refuseSocket = (reason: string) => (request: IncomingMessage, socket: Duplex) => {
    record(request, {
      event: 'broker.refused',
      status: 403,
      reason,
      action: null,
      container: null,
    });
    socket.end(forbiddenHead(reason, 'Upgrade and CONNECT requests are refused'));
  };
  server.on('upgrade', refuseSocket('upgrade'));
  server.on('connect', refuseSocket('connect'));
  // Requests the HTTP parser cannot read are refused the same way, without a request object.
  server.on('clientError', (error, socket) => {
    audit({
      time: new Date(options.now?.() ?? Date.now()).toISOString(),
      event: 'broker.refused',
      status: 403,
      reason: 'malformed',
      method: '',
      path: loggablePath(
        (error as { rawPacket?: Buffer }).rawPacket?.toString('latin1').split('\r\n')[0],
      ).replaceAll(config.token, '[redacted]'),
      remote: (socket as Socket).remoteAddress ?? null,
      action: null,
      container: null,
    });
    if (socket.writable) socket.end(forbiddenHead('malformed', 'The request could not be read'));
    else socket.destroy();
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  return server;
}
