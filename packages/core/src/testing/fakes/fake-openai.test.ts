import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeModelServer } from './fake-model-script.js';
import { startFakeOpenAi } from './fake-openai.js';

const KEY = 'sk-fake-openai-key';

describe('fake OpenAI server', () => {
  let fake: FakeModelServer;
  const model = () => createOpenAI({ baseURL: fake.baseUrl, apiKey: KEY }).chat('gpt-4o-mini');

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
  });
  afterEach(() => {
    fake.requests.length = 0;
  });
  afterAll(() => fake.close());

  it('streams text in several chunks, with usage, to streamText', async () => {
    fake.queue({ text: 'The quick brown fox', usage: { input: 12, output: 4 } });
    const result = streamText({ model: model(), prompt: 'Say something' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.join('')).toBe('The quick brown fox');
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(await result.usage).toMatchObject({ inputTokens: 12, outputTokens: 4, totalTokens: 16 });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
  });

  it('answers by default with the last user text, without streaming too', async () => {
    const result = await generateText({ model: model(), prompt: 'hello there' });
    expect(result.text).toBe('Fake reply to: hello there');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.body.stream).toBeUndefined();
  });

  it('runs a tool call, sends the tool result back and gets the final answer', async () => {
    fake.queue(
      { toolCalls: [{ name: 'get_weather', input: { city: 'Paris', days: 2 } }] },
      { text: 'Sunny in Paris' },
    );
    const seen: unknown[] = [];
    const result = streamText({
      model: model(),
      prompt: 'Weather in Paris?',
      stopWhen: stepCountIs(3),
      tools: {
        get_weather: tool({
          description: 'Weather for a city',
          inputSchema: z.object({ city: z.string(), days: z.number() }),
          execute: async (input) => {
            seen.push(input);
            return { forecast: 'sunny' };
          },
        }),
      },
    });
    expect(await result.text).toBe('Sunny in Paris');
    expect(seen).toEqual([{ city: 'Paris', days: 2 }]);
    expect(fake.requests).toHaveLength(2);
    const messages = fake.requests[1]?.body.messages;
    const call = messages.find((m: { role: string }) => m.role === 'assistant').tool_calls[0];
    expect(call.function).toEqual({
      name: 'get_weather',
      arguments: JSON.stringify({ city: 'Paris', days: 2 }),
    });
    expect(messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: call.id });
    expect(JSON.parse(messages.at(-1).content)).toEqual({ forecast: 'sunny' });
    expect(fake.requests[1]?.body.tools[0].function.name).toBe('get_weather');
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

  it('answers an error status with the OpenAI error body', async () => {
    fake.queue({ status: 429 });
    const error = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(429);
    expect((error as APICallError).message).toContain('Rate limit reached');
    expect(JSON.parse((error as APICallError).responseBody ?? '')).toMatchObject({
      error: { type: 'requests', code: 'rate_limit_exceeded' },
    });
  });

  it('refuses a wrong key with 401, and lists its models', async () => {
    const wrong = createOpenAI({ baseURL: fake.baseUrl, apiKey: 'sk-wrong' }).chat('gpt-4o');
    const error = await generateText({ model: wrong, prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect((error as APICallError).statusCode).toBe(401);
    expect((error as APICallError).message).toContain('Incorrect API key');

    fake.models = ['gpt-test-1'];
    const list = await fetch(`${fake.baseUrl}/models`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(await list.json()).toEqual({
      object: 'list',
      data: [
        { id: 'gpt-test-1', object: 'model', created: expect.any(Number), owned_by: 'system' },
      ],
    });
    expect((await fetch(`${fake.baseUrl}/models`)).status).toBe(401);
  });

  it('waits before the first chunk and between chunks', async () => {
    fake.queue({ text: 'a b c', firstChunkDelayMs: 150, chunkDelayMs: 20 });
    const started = Date.now();
    const result = streamText({ model: model(), prompt: 'x' });
    const times: number[] = [];
    for await (const _ of result.textStream) times.push(Date.now() - started);
    // Lower bounds only: the server cannot send a frame before its pauses are over, while a busy
    // client may read several frames at once, so gaps seen here can shrink but never the totals.
    // Frames: the role with 'a' at 150 ms, then ' b' and ' c' 20 ms apart.
    expect(times).toHaveLength(3);
    expect(times[0]).toBeGreaterThanOrEqual(145);
    expect(times.at(-1)).toBeGreaterThanOrEqual(185);
  });

  it('stops writing when the client disconnects, and keeps serving', async () => {
    fake.queue({ text: 'one two three four five six', chunkDelayMs: 100 });
    const controller = new AbortController();
    const result = streamText({ model: model(), prompt: 'x', abortSignal: controller.signal });
    for await (const _ of result.textStream) {
      controller.abort();
      break;
    }
    await expect.poll(() => fake.aborted.length).toBe(1);
    expect((await generateText({ model: model(), prompt: 'again' })).text).toBe(
      'Fake reply to: again',
    );
  });
});
