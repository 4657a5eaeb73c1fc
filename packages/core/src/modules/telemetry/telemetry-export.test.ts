import { type AddressInfo, createServer, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../testing/fakes/fake-upstream.js';
import {
  type DecodedSpan,
  type FakeModelServer,
  type OtlpReceiver,
  startFakeOpenAi,
  startOtlpReceiver,
} from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Trace } from '../traces/traces.schema.js';
import { DECISION_TRACE_ATTRIBUTE, telemetry } from './telemetry.js';

const MODEL_KEY = 'sk-test-otel-0123456789abcdefghij';
const VENDOR_TOKEN = 'Bearer vendor-token-9f3c27d1e8a4';
/** A word only the operator's message and the model's reply contain. */
const MARKER = 'zanzibar-quokka';
/** A secret inside the message: redacted everywhere, even with content capture on. */
const PASTED_SECRET = 'ghp_R8xK2mQ9vL4nT7wZ1cY5bH3jF6dS0aG8eU2p';

const SERVER = 2;
const CLIENT = 3;

/**
 * Traces exported to a real local OTLP/HTTP receiver that decodes the protobuf as it arrives,
 * from a real app answering through a scripted model that calls an integration.
 */
describe('OpenTelemetry export', () => {
  let receiver: OtlpReceiver;
  let model: FakeModelServer;
  let vendor: FakeUpstream;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    vendor = await startFakeUpstream({
      auth: {
        type: 'api_key',
        placements: [{ in: 'header', name: 'Authorization', field: 'authorization' }],
      },
      credentials: { authorization: VENDOR_TOKEN },
    });
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: MODEL_KEY,
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      },
    });
    client = await configure(t);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([receiver?.close(), model?.close(), vendor?.close()]);
  });

  async function configure(app: TestApp): Promise<Client> {
    const signedIn = await app.login();
    const settings = [
      { url: '/api/integrations/http/base-url', payload: { base_url: `${vendor.url}/api/` } },
      {
        url: '/api/integrations/http/credentials',
        payload: { values: { authorization: VENDOR_TOKEN } },
      },
    ];
    for (const { url, payload } of settings)
      expect((await signedIn.inject({ method: 'PUT', url, payload })).statusCode).toBe(200);
    return signedIn;
  }

  /** One chat: the model calls the integration, then answers; returns the request's spans. */
  async function chatThroughIntegration(
    signedIn: Client,
  ): Promise<{ requestId: string; spans: DecodedSpan[] }> {
    model.queue(
      {
        toolCalls: [
          {
            name: 'integration_skill',
            input: { integration_id: 'http', action: 'get', params: { path: 'v1/things' } },
          },
        ],
        usage: { input: 321, output: 12 },
      },
      { text: `The ${MARKER} things are fetched.`, usage: { input: 400, output: 7 } },
    );
    const response = await signedIn.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: `fetch the ${MARKER} things, token ${PASTED_SECRET}`, chat_id: 'otel' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const requestId = (response.json() as { request_id: string }).request_id;
    await telemetry().flush();
    const root = receiver.spans.find(
      (span) => span.kind === SERVER && span.attributes[DECISION_TRACE_ATTRIBUTE] === requestId,
    );
    if (!root) throw new Error('no server span for the chat request arrived');
    return { requestId, spans: receiver.spans.filter((span) => span.traceId === root.traceId) };
  }

  const named = (spans: DecodedSpan[], name: string) => {
    const found = spans.filter((span) => span.name === name);
    if (found.length === 0) throw new Error(`no span named ${name}`);
    return found;
  };
  const allText = (spans: DecodedSpan[]) => JSON.stringify(spans);

  it('exports a request as one trace: server span, agent, model calls and tool calls', async () => {
    const { requestId, spans } = await chatThroughIntegration(client);
    expect(receiver.contentTypes.at(-1)).toBe('application/x-protobuf');

    const [server] = named(spans, 'POST /chat');
    const [agent] = named(spans, 'invoke_agent');
    const chats = named(spans, 'chat gpt-4o-mini');
    const [skill] = named(spans, 'execute_tool integration_skill');
    const [vendorCall] = named(spans, 'execute_tool http.get');
    expect(server?.parentSpanId).toBe('');
    expect(server?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/chat',
      'http.response.status_code': 200,
    });
    expect(server?.resource['service.name']).toBe('agent-runtime');
    expect(agent?.parentSpanId).toBe(server?.spanId);
    expect(agent?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': 'otel',
      'agent_runtime.tier': 'llm_loop',
    });
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat.parentSpanId).toBe(agent?.spanId);
      expect(chat.kind).toBe(CLIENT);
    }
    expect(chats.map((chat) => chat.attributes)).toEqual([
      expect.objectContaining({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.response.model': 'gpt-4o-mini',
        'gen_ai.usage.input_tokens': 321,
        'gen_ai.usage.output_tokens': 12,
        'gen_ai.response.finish_reasons': ['tool_calls'],
      }),
      expect.objectContaining({
        'gen_ai.usage.input_tokens': 400,
        'gen_ai.usage.output_tokens': 7,
        'gen_ai.response.finish_reasons': ['stop'],
      }),
    ]);
    expect(skill?.parentSpanId).toBe(agent?.spanId);
    expect(skill?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'integration_skill',
      'agent_runtime.tool.status': 'done',
    });
    expect(vendorCall?.parentSpanId).toBe(skill?.spanId);
    expect(vendorCall?.kind).toBe(CLIENT);
    expect(vendorCall?.attributes['http.response.status_code']).toBe(200);

    // Every span names our decision trace; the decision trace names the OpenTelemetry trace.
    for (const span of spans) expect(span.attributes[DECISION_TRACE_ATTRIBUTE]).toBe(requestId);
    const stored = (
      await client.inject({ method: 'GET', url: `/api/traces/${requestId}` })
    ).json() as Trace;
    expect(stored.otel_trace_id).toBe(server?.traceId);
    expect(stored.otel_trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends traceparent to the model provider and the integration, naming the calling span', async () => {
    const { spans } = await chatThroughIntegration(client);
    const chats = named(spans, 'chat gpt-4o-mini');
    const [vendorCall] = named(spans, 'execute_tool http.get');
    const modelCalls = model.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(modelCalls.slice(-2).map((r) => r.headers.traceparent)).toEqual(
      chats.map((chat) => `00-${chat.traceId}-${chat.spanId}-01`),
    );
    expect(vendor.accepted.at(-1)?.headers.traceparent).toBe(
      `00-${vendorCall?.traceId}-${vendorCall?.spanId}-01`,
    );
  });

  it('traces a streamed chat: its server span lasts until the stream ends', async () => {
    model.queue({ text: 'Streamed answer.', usage: { input: 30, output: 3 } });
    const response = await client.inject({
      method: 'POST',
      url: '/chat/stream',
      payload: { text: 'stream something', chat_id: 'otel-stream' },
    });
    expect(response.statusCode).toBe(200);
    const done = /event: done\ndata: (.*)\n/.exec(response.body)?.[1];
    const requestId = (JSON.parse(done ?? '{}') as { request_id?: string }).request_id;
    await telemetry().flush();
    const server = receiver.spans.find(
      (span) =>
        span.name === 'POST /chat/stream' &&
        span.attributes[DECISION_TRACE_ATTRIBUTE] === requestId,
    );
    expect(server?.attributes['http.response.status_code']).toBe(200);
    const agent = receiver.spans.find((span) => span.parentSpanId === server?.spanId);
    expect(agent?.name).toBe('invoke_agent');
    const chat = receiver.spans.find((span) => span.parentSpanId === agent?.spanId);
    expect(chat?.attributes['gen_ai.usage.output_tokens']).toBe(3);
  });

  it("joins a caller's trace: an incoming traceparent becomes the server span's parent", async () => {
    const callerTrace = '0af7651916cd43dd8448eb211c80319c';
    const callerSpan = 'b7ad6b7169203331';
    const response = await client.inject({
      method: 'GET',
      url: '/api/traces?limit=1',
      headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    expect(response.statusCode).toBe(200);
    await telemetry().flush();
    const server = receiver.spans.find((span) => span.traceId === callerTrace);
    expect(server).toMatchObject({
      name: 'GET /api/traces',
      kind: SERVER,
      parentSpanId: callerSpan,
    });
  });

  it('exports no message content and no secret while content capture is off', async () => {
    const { spans } = await chatThroughIntegration(client);
    const exported = allText(spans);
    for (const hidden of [MARKER, PASTED_SECRET, MODEL_KEY, VENDOR_TOKEN, 'v1/things'])
      expect(exported).not.toContain(hidden);
    for (const span of spans)
      expect(
        Object.keys(span.attributes).filter((key) => /messages|arguments|result|title/.test(key)),
      ).toEqual([]);
  });

  it('exports messages and tool calls with content capture on, secrets still redacted', async () => {
    t = await t.restart({ OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true' });
    client = await configure(t);
    const { spans } = await chatThroughIntegration(client);
    const [first, second] = named(spans, 'chat gpt-4o-mini');
    const [skill] = named(spans, 'execute_tool integration_skill');
    expect(String(first?.attributes['gen_ai.input.messages'])).toContain(`fetch the ${MARKER}`);
    expect(String(first?.attributes['gen_ai.system_instructions']).length).toBeGreaterThan(0);
    expect(String(second?.attributes['gen_ai.output.messages'])).toContain(`The ${MARKER} things`);
    expect(String(skill?.attributes['gen_ai.tool.call.arguments'])).toContain('v1/things');
    expect(String(skill?.attributes['gen_ai.tool.call.result']).length).toBeGreaterThan(0);
    const exported = allText(spans);
    for (const secret of [PASTED_SECRET, MODEL_KEY, VENDOR_TOKEN, 'vendor-token-9f3c27d1e8a4'])
      expect(exported).not.toContain(secret);
  });

  it('answers at once while the receiver hangs: lost spans never slow or fail a request', async () => {
    // A receiver that takes connections and never answers: an export would wait its timeout.
    const sockets: Socket[] = [];
    const hanging = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    // The exporter reads its timeout from the environment; a request must not wait for it.
    process.env.OTEL_EXPORTER_OTLP_TIMEOUT = '5000';
    // A new app with a logger of its own, to read what it says about the lost spans.
    const warnings: string[] = [];
    const logger = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) },
    ) as unknown as FastifyBaseLogger;
    await t.close();
    t = await createTestApp({
      logger,
      env: {
        OPENAI_API_KEY: MODEL_KEY,
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      },
    });
    client = await configure(t);
    const ask = () =>
      client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text: 'are you there', chat_id: 'otel-down' },
      });
    model.queue({ text: 'Warming up.' });
    expect((await ask()).statusCode).toBe(200);
    // Spans of the first request are being exported into the void meanwhile.
    void telemetry().flush();
    model.queue({ text: 'Still here.' });
    const started = performance.now();
    const response = await ask();
    expect(response.statusCode, response.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_500);
    await expect(telemetry().flush()).resolves.toBeUndefined();
    // Said once (then at most once a minute), never thrown.
    expect(warnings.filter((msg) => msg.startsWith('OpenTelemetry export failing'))).toHaveLength(
      1,
    );
    const { request_id } = response.json() as { request_id: string };
    const stored = (
      await client.inject({ method: 'GET', url: `/api/traces/${request_id}` })
    ).json() as Trace;
    expect(stored).toMatchObject({
      status: 'ok',
      otel_trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    for (const socket of sockets) socket.destroy();
    hanging.close();
  });
});
