import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropic } from './fake-anthropic.js';
import type { FakeModelServer } from './fake-model-script.js';

const KEY = 'sk-ant-fake-anthropic-key';

describe('fake Anthropic server', () => {
  let fake: FakeModelServer;
  const model = () => createAnthropic({ baseURL: fake.baseUrl, apiKey: KEY })('claude-sonnet-4-5');

  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY });
  });
  afterEach(() => {
    fake.requests.length = 0;
  });
  afterAll(() => fake.close());

  it('streams text in several chunks, with usage, to streamText', async () => {
    fake.queue({ text: 'The quick brown fox', usage: { input: 21, output: 5 } });
    const result = streamText({ model: model(), prompt: 'Say something' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.join('')).toBe('The quick brown fox');
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(await result.usage).toMatchObject({ inputTokens: 21, outputTokens: 5 });
    expect(await result.finishReason).toBe('stop');
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(request?.body).toMatchObject({ model: 'claude-sonnet-4-5', stream: true });
  });

  it('answers by default with the last user text, without streaming too', async () => {
    const result = await generateText({ model: model(), prompt: 'hello there' });
    expect(result.text).toBe('Fake reply to: hello there');
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.body.stream).toBeUndefined();
  });

  it('runs a tool call, sends the tool result back and gets the final answer', async () => {
    fake.queue(
      { text: 'Let me check.', toolCalls: [{ name: 'get_weather', input: { city: 'Oslo' } }] },
      { text: 'Snow in Oslo' },
    );
    const seen: unknown[] = [];
    const result = streamText({
      model: model(),
      prompt: 'Weather in Oslo?',
      stopWhen: stepCountIs(3),
      tools: {
        get_weather: tool({
          description: 'Weather for a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async (input) => {
            seen.push(input);
            return { forecast: 'snow' };
          },
        }),
      },
    });
    expect(await result.text).toBe('Snow in Oslo');
    expect(seen).toEqual([{ city: 'Oslo' }]);
    expect(fake.requests).toHaveLength(2);
    const messages = fake.requests[1]?.body.messages;
    const assistant = messages.find((m: { role: string }) => m.role === 'assistant');
    const use = assistant.content.find((c: { type: string }) => c.type === 'tool_use');
    expect(use).toMatchObject({ name: 'get_weather', input: { city: 'Oslo' } });
    const toolResult = messages
      .at(-1)
      .content.find((c: { type: string }) => c.type === 'tool_result');
    expect(toolResult).toMatchObject({ tool_use_id: use.id });
    expect(JSON.stringify(toolResult.content)).toContain('snow');
    expect(fake.requests[1]?.body.tools[0].name).toBe('get_weather');
  });

  it('returns tool calls without streaming as well', async () => {
    fake.queue({ toolCalls: [{ name: 'lookup', input: { q: 'x' } }] });
    const result = await generateText({
      model: model(),
      prompt: 'look it up',
      tools: { lookup: tool({ inputSchema: z.object({ q: z.string() }) }) },
    });
    expect(result.toolCalls).toMatchObject([{ toolName: 'lookup', input: { q: 'x' } }]);
    expect(result.finishReason).toBe('tool-calls');
  });

  it('answers an error status with the Anthropic error body', async () => {
    fake.queue({ status: 529 });
    const error = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(529);
    expect((error as APICallError).message).toBe('Overloaded');
    expect(JSON.parse((error as APICallError).responseBody ?? '')).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    });
  });

  it('refuses a wrong key with 401, and lists its models', async () => {
    const wrong = createAnthropic({ baseURL: fake.baseUrl, apiKey: 'sk-ant-wrong' })('claude-x');
    const error = await generateText({ model: wrong, prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect((error as APICallError).statusCode).toBe(401);
    expect((error as APICallError).message).toContain('invalid x-api-key');

    fake.models = ['claude-opus-4-1', 'claude-haiku-4-5'];
    const headers = { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' };
    const list = await fetch(`${fake.baseUrl}/models`, { headers });
    expect(await list.json()).toEqual({
      data: [
        {
          type: 'model',
          id: 'claude-opus-4-1',
          display_name: 'Claude Opus 4.1',
          created_at: expect.any(String),
        },
        expect.objectContaining({ id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5' }),
      ],
      has_more: false,
      first_id: 'claude-opus-4-1',
      last_id: 'claude-haiku-4-5',
    });
    const unversioned = await fetch(`${fake.baseUrl}/models`, { headers: { 'x-api-key': KEY } });
    expect(unversioned.status).toBe(400);
  });

  it('stops writing when the client disconnects, and keeps serving', async () => {
    fake.queue({ text: 'one two three four five six', chunkDelayMs: 100, firstChunkDelayMs: 50 });
    const controller = new AbortController();
    const started = Date.now();
    const result = streamText({ model: model(), prompt: 'x', abortSignal: controller.signal });
    for await (const _ of result.textStream) {
      expect(Date.now() - started).toBeGreaterThanOrEqual(45);
      controller.abort();
      break;
    }
    await expect.poll(() => fake.aborted.length).toBe(1);
    expect((await generateText({ model: model(), prompt: 'again' })).text).toBe(
      'Fake reply to: again',
    );
  });
});
