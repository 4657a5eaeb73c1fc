import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModelServer,
  startFakeAnthropic,
  startFakeOpenAi,
} from '../../../testing/fakes/index.js';
import { type LocalServer, startLocalServer } from '../../../testing/local-server.js';
import { maxOutputTokens } from './anthropic-messages.js';
import { streamChatStep } from './chat-stream.js';
import type { ChatMessage, ChatStepRequest, ChatTarget, ToolSpec } from './chat-types.js';
import { ProviderCallError } from './provider-call-error.js';

const KEY = 'sk-chat-stream-test-key-0123456789';

const ADD: ToolSpec = {
  name: 'add',
  description: 'Adds two numbers.',
  parameters: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
};

/** One call, with the text pieces it streamed. */
async function call(
  target: ChatTarget,
  overrides: Partial<ChatStepRequest> = {},
): Promise<{ pieces: string[]; step: Awaited<ReturnType<typeof streamChatStep>> }> {
  const pieces: string[] = [];
  const step = await streamChatStep({
    target,
    system: 'You are terse.',
    messages: [{ role: 'user', content: 'Hello?' }],
    tools: [],
    signal: new AbortController().signal,
    onText: (delta) => pieces.push(delta),
    ...overrides,
  });
  return { pieces, step };
}

/** The conversation after the model asked for `add`: its call and the tool's answer. */
function afterToolCall(callId: string): ChatMessage[] {
  return [
    { role: 'user', content: 'What is 2 + 3?' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: callId, name: 'add', arguments: '{"a":2,"b":3}' }],
    },
    { role: 'tool', toolCallId: callId, content: '5' },
  ];
}

describe('chat stream over OpenAI chat completions', () => {
  let fake: FakeModelServer;
  const target = (apiKey: string | null = KEY): ChatTarget => ({
    kind: 'openai',
    baseUrl: fake.baseUrl,
    apiKey,
    model: 'gpt-4o-mini',
  });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
  });
  afterAll(() => fake.close());

  it('streams the reply in pieces as they arrive and counts its tokens', async () => {
    fake.queue({ text: 'Postgres keeps it all.', usage: { input: 21, output: 5 } });
    const { pieces, step } = await call(target());
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Postgres keeps it all.');
    expect(step).toEqual({
      text: 'Postgres keeps it all.',
      toolCalls: [],
      usage: { input: 21, output: 5 },
      model: 'gpt-4o-mini',
      finishReason: 'stop',
    });
    const sent = fake.requests.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hello?' },
      ],
    });
  });

  it('joins each tool call from its fragments, and writes calls and results back in OpenAI shape', async () => {
    fake.queue({
      toolCalls: [
        { name: 'add', input: { a: 2, b: 3 } },
        { name: 'add', input: { a: 40, b: 2 } },
      ],
    });
    const { step } = await call(target(), { tools: [ADD] });
    expect(step.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['add', { a: 2, b: 3 }],
      ['add', { a: 40, b: 2 }],
    ]);
    expect(new Set(step.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(fake.requests.at(-1)?.body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'add', description: ADD.description, parameters: ADD.parameters },
      },
    ]);

    fake.queue({ text: 'Five.' });
    await call(target(), { tools: [ADD], messages: afterToolCall('call_1') });
    expect(fake.requests.at(-1)?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'What is 2 + 3?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '5' },
    ]);
  });

  it("reports the provider's own complaint, and does not try a refused key twice", async () => {
    const before = fake.requests.length;
    const failure = await call(target('sk-wrong-key-0123456789')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderCallError);
    expect(failure).toMatchObject({
      status: 401,
      message: expect.stringContaining('Incorrect API key provided'),
    });
    expect(fake.requests.length - before).toBe(1);
  });

  it('tries once more after a 503, and reports the second failure', async () => {
    fake.queue({ status: 503 }, { text: 'Back again.' });
    const before = fake.requests.length;
    expect((await call(target())).step.text).toBe('Back again.');
    expect(fake.requests.length - before).toBe(2);

    fake.queue({ status: 503 }, { status: 503 });
    await expect(call(target())).rejects.toMatchObject({ status: 503 });
    expect(fake.requests.length - before).toBe(4);
  });

  it('stops the call when its signal aborts: the provider sees it go, the caller gets the reason', async () => {
    fake.queue({ text: 'A slow answer.', firstChunkDelayMs: 5_000 });
    const controller = new AbortController();
    const aborted = fake.aborted.length;
    const pending = call(target(), { signal: controller.signal });
    await expect.poll(() => fake.requests.at(-1)?.body.messages?.[1]?.content).toBe('Hello?');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error('operator went away');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await expect.poll(() => fake.aborted.length).toBe(aborted + 1);
  });
});

describe('chat stream over Anthropic messages', () => {
  let fake: FakeModelServer;
  const target = (model = 'claude-haiku-4-5'): ChatTarget => ({
    kind: 'anthropic',
    baseUrl: fake.baseUrl,
    apiKey: KEY,
    model,
  });

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
  });
  afterAll(() => fake.close());

  it('streams the reply with the headers and fields the API requires, and counts its tokens', async () => {
    fake.queue({ text: 'Bonjour à tous.', usage: { input: 30, output: 4 } });
    const { pieces, step } = await call(target(), { tools: [ADD] });
    expect(pieces.length).toBeGreaterThan(1);
    expect(step).toEqual({
      text: 'Bonjour à tous.',
      toolCalls: [],
      usage: { input: 30, output: 4 },
      model: 'claude-haiku-4-5',
      finishReason: 'end_turn',
    });
    const sent = fake.requests.at(-1);
    expect(sent?.headers).toMatchObject({ 'x-api-key': KEY, 'anthropic-version': '2023-06-01' });
    expect(sent?.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 64_000,
      stream: true,
      system: 'You are terse.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }],
      tools: [{ name: 'add', description: ADD.description, input_schema: ADD.parameters }],
    });
  });

  it('returns tool uses, and sends results back in the user turn', async () => {
    fake.queue({ text: 'Let me add.', toolCalls: [{ name: 'add', input: { a: 2, b: 3 } }] });
    const { step } = await call(target(), { tools: [ADD] });
    expect(step.text).toBe('Let me add.');
    expect(step.toolCalls).toEqual([
      { id: expect.stringMatching(/^toolu_/), name: 'add', arguments: '{"a":2,"b":3}' },
    ]);

    fake.queue({ text: 'Five.' });
    await call(target(), { tools: [ADD], messages: afterToolCall('toolu_1') });
    expect(fake.requests.at(-1)?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is 2 + 3?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'add', input: { a: 2, b: 3 } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '5' }] },
    ]);
  });

  it('asks for no more output tokens than the model allows', () => {
    expect(maxOutputTokens('claude-3-haiku-20240307')).toBe(4_096);
    expect(maxOutputTokens('claude-3-5-haiku-latest')).toBe(8_192);
    expect(maxOutputTokens('claude-opus-4-1-20250805')).toBe(32_000);
    expect(maxOutputTokens('claude-sonnet-4-20250514')).toBe(64_000);
    expect(maxOutputTokens('claude-sonnet-4-5')).toBe(64_000);
    expect(maxOutputTokens('claude-opus-4-6')).toBe(128_000);
    expect(maxOutputTokens('my-proxy-alias')).toBe(4_096);
  });
});

describe('chat stream against servers that bend the protocol', () => {
  let server: LocalServer;
  /** What the server answers next: a status, headers and a body written as it is. */
  let answer: { status: number; headers?: Record<string, string>; body: string };
  const target = (kind: ChatTarget['kind'] = 'openai_compatible'): ChatTarget => ({
    kind,
    baseUrl: `${server.url}/v1`,
    apiKey: null,
    model: 'local-model',
  });
  const sse = (...events: unknown[]) =>
    events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');

  beforeAll(async () => {
    server = await startLocalServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'text/event-stream', ...answer.headers });
      response.end(answer.body);
    });
  });
  afterAll(() => server.close());

  it('takes a tool call sent whole, without an index, and a stream without [DONE]', async () => {
    answer = {
      status: 200,
      body: sse(
        { choices: [{ delta: { role: 'assistant', content: '' } }] },
        {
          choices: [
            {
              delta: {
                tool_calls: [{ id: 'c1', function: { name: 'add', arguments: '{"a":1,"b":1}' } }],
              },
            },
          ],
        },
        { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
      ),
    };
    const { step } = await call(target());
    expect(step.toolCalls).toEqual([{ id: 'c1', name: 'add', arguments: '{"a":1,"b":1}' }]);
    // A server that names no model and ends the stream with a bare finish_reason chunk.
    expect(step).toMatchObject({ model: null, finishReason: 'tool_calls' });
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('fails clearly on an event that is not JSON, an error event, or an empty stream', async () => {
    answer = { status: 200, body: sse({ choices: [{ delta: { content: 'Hi' } }] }, '{oops') };
    await expect(call(target())).rejects.toThrow(
      'The provider sent an event that is not JSON: {oops',
    );

    answer = {
      status: 200,
      body: sse(
        { type: 'message_start', message: { usage: { input_tokens: 3 } } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Par' } },
        { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      ),
    };
    const before = server.requests.length;
    await expect(call(target('anthropic'))).rejects.toThrow('Overloaded');
    // Text had already reached the operator: the call is not made again.
    expect(server.requests.length - before).toBe(1);

    answer = { status: 200, body: '' };
    await expect(call(target())).rejects.toThrow('ended the stream without an answer');
  });

  it('does not retry when the provider asks for a longer wait than an operator should sit through', async () => {
    answer = {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '30' },
      body: JSON.stringify({ error: { message: 'Slow down.' } }),
    };
    const before = server.requests.length;
    await expect(call(target())).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('Slow down.'),
    });
    expect(server.requests.length - before).toBe(1);
  });
});
