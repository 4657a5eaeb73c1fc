/**
 * The model loop's overhead on time to first chunk: POST /chat/stream through the runtime to
 * its first `chunk` event, minus the fake model's own time to first token for the very request
 * the runtime sent (replayed straight at the fake, interleaved, same process). Also the size of
 * the request the runtime sends the model for a one-line message with every skill offered.
 * Messages go one at a time, BENCH_GAP_MS (250) apart as a fast typist's would, so each figure is
 * that message's own path rather than the writes the previous answer left for after its reply
 * (its batch of rows, its memory observation), which the embedded database runs on this thread.
 * The fake streams a reply's chunks BENCH_CHUNK_MS (10) apart, as a model streams tokens; each
 * answer is read to its end and the fake is timed alone a gap later, once the runtime is idle.
 * Two series: every message the first of its chat, then every message in one conversation.
 * Then the floor: the same series through a bare relay in the runtime's place
 * (baselines/stream-proxy-floor.ts), and the runtime's overhead beyond it. Then the model client's share alone: the last request replayed, without the runtime, through
 * the runtime's own streaming client (`chat-stream/`) and through the AI SDK's streamText (which
 * the chat path used before), each against a plain fetch of it.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, type Tool, tool } from 'ai';
import { streamChatStep } from '../packages/core/src/modules/models/chat-stream/chat-stream.ts';
import { startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { median, percentile, report, round } from './lib.ts';
import { asStepInput, type SentRequest } from './model-request.ts';
import { signIn, startProcess } from './runtime-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 250);
const CHUNK_MS = Number(process.env.BENCH_CHUNK_MS ?? 10);

/**
 * ms from sending `init` to the first SSE frame whose text passes `isFirst`; with `untilEnd`
 * the rest of the stream is read before it returns, else the stream is cancelled there.
 */
async function timeToFirst(
  url: string,
  init: RequestInit,
  isFirst: (frame: string) => boolean,
  untilEnd = false,
) {
  const started = performance.now();
  const response = await fetch(url, init);
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended without a first chunk: ${buffer.slice(0, 300)}`);
    buffer += value;
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    if (frames.some(isFirst)) {
      const elapsed = performance.now() - started;
      if (!untilEnd) await reader.cancel();
      else while (!(await reader.read()).done);
      return elapsed;
    }
  }
}

/** The fake model's own time to its first text for `body`, sent straight at it. */
function straightToFake(baseUrl: string, body: string) {
  return timeToFirst(
    `${baseUrl}/chat/completions`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    (frame) => frame.includes('"content":"') && !frame.includes('"content":""'),
  );
}

/**
 * The model client's own share of the overhead: `sent` (a request the runtime made) sent again,
 * with the same system prompt, messages and tools, through the runtime's streaming client and
 * through the AI SDK's streamText as the chat path called it before, each to the fake's first
 * text; against a plain fetch of the same JSON to its first text. Interleaved, GAP_MS apart,
 * in this process.
 */
async function clientsAlone(baseUrl: string, sent: SentRequest) {
  const key = 'sk-bench-0123456789abcdefghij';
  const model = createOpenAI({ baseURL: baseUrl, apiKey: key }).chat(sent.model);
  const { system, messages, tools: specs } = asStepInput(sent);
  const tools: Record<string, Tool> = {};
  for (const spec of specs) {
    tools[spec.name] = tool({
      description: spec.description,
      inputSchema: jsonSchema(spec.parameters as Parameters<typeof jsonSchema>[0]),
      execute: async () => '',
    });
  }
  const viaClient: number[] = [];
  const viaSdk: number[] = [];
  const plain: number[] = [];
  const pause = () => new Promise((resolve) => setTimeout(resolve, GAP_MS));
  for (let i = 0; i < ROUNDS + 5; i++) {
    let started = performance.now();
    let clientFirst = Number.NaN;
    await streamChatStep({
      target: { kind: 'openai', baseUrl, apiKey: key, model: sent.model },
      system,
      messages,
      tools: specs,
      signal: new AbortController().signal,
      onText: () => {
        if (Number.isNaN(clientFirst)) clientFirst = performance.now() - started;
      },
    });
    await pause();
    started = performance.now();
    const result = streamText({
      model,
      system,
      messages,
      tools,
      stopWhen: stepCountIs(4),
      maxRetries: 1,
      onError: () => {},
    });
    let sdkFirst = Number.NaN;
    for await (const part of result.fullStream)
      if (part.type === 'text-delta' && Number.isNaN(sdkFirst))
        sdkFirst = performance.now() - started;
    await pause();
    const own = await straightToFake(baseUrl, JSON.stringify(sent));
    await pause();
    if (i >= 5) {
      viaClient.push(clientFirst);
      viaSdk.push(sdkFirst);
      plain.push(own);
    }
  }
  const over = (series: number[]) => series.map((value, index) => value - (plain[index] ?? 0));
  return {
    "the runtime's model client alone (the same request, no runtime): overhead over a plain fetch p50 ms":
      round(median(over(viaClient))),
    "the runtime's model client alone: overhead p90 ms": round(percentile(over(viaClient), 90)),
    'AI SDK streamText alone (the same request): overhead over a plain fetch p50 ms': round(
      median(over(viaSdk)),
    ),
    'AI SDK streamText alone: overhead p90 ms': round(percentile(over(viaSdk), 90)),
  };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-model-loop-'));
const model = await startFakeOpenAi();
// When the fake has read the last streamed request it received: how long a request took to
// reach the model, through the runtime and straight, is told apart from the way back.
let streamedArrival = Number.NaN;
const respond = model.respond;
model.respond = (request) => {
  // Memory extraction of each answer (structured output): a greeting holds nothing to keep, as a
  // model says. The fake's plain text would fail it, and its retries would come back at random
  // moments of later messages.
  if (request.body?.response_format)
    return { text: JSON.stringify({ facts: [], entities: [], relations: [] }) };
  if ((request.body as { stream?: boolean }).stream !== true) return respond(request);
  streamedArrival = performance.now();
  // The reply's chunks CHUNK_MS apart, as a model streams its tokens: sent all at once, the
  // answer would end with its first chunk, and what follows it (its trace and rows, memory
  // extraction calling this same fake) would run while that chunk is on its way here.
  return { ...respond(request), chunkDelayMs: CHUNK_MS };
};

/**
 * Overheads of ROUNDS messages (after 5 to warm up) sent to `server`'s /chat/stream, each in
 * the chat `chatFor` names, against the fake alone; `label` names the figures.
 */
async function series(
  server: { url: string; headers: Record<string, string>; name: string },
  label: string,
  chatFor: (i: number) => string,
) {
  const through: number[] = [];
  const direct: number[] = [];
  const reachedThrough: number[] = [];
  const reachedDirect: number[] = [];
  let last: SentRequest | undefined;
  for (let i = 0; i < ROUNDS + 5; i++) {
    const text = `Say hello to number ${i} (${label}).`;
    const body = JSON.stringify({ text, chat_id: chatFor(i) });
    const sentThrough = performance.now();
    // Read to its end: leaving at the first chunk would cancel the answer.
    const viaServer = await timeToFirst(
      `${server.url}/chat/stream`,
      { method: 'POST', headers: server.headers, body },
      (frame) => frame.startsWith('event: chunk'),
      true,
    );
    // This message's streamed request: memory extraction (not streamed, and quoting the
    // message) may have called the model since.
    const sent = model.requests.findLast(
      (r) =>
        (r.body as { stream?: boolean }).stream === true && JSON.stringify(r.body).includes(text),
    );
    if (!sent) throw new Error(`${server.name} sent the model nothing`);
    last = sent.body as SentRequest;
    const arrivedThrough = streamedArrival - sentThrough;
    // The work after the answer (the runtime's rows, memory extraction) is done before the fake
    // is timed alone, so that work slows neither side of the difference.
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    const sentDirect = performance.now();
    const own = await straightToFake(model.baseUrl, JSON.stringify(last));
    const arrivedDirect = streamedArrival - sentDirect;
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    // The first rounds warm up the JIT, the connection pools and the caches.
    if (i >= 5) {
      through.push(viaServer);
      direct.push(own);
      reachedThrough.push(arrivedThrough);
      reachedDirect.push(arrivedDirect);
    }
  }
  const overheads = through.map((value, index) => value - (direct[index] ?? 0));
  const beforeModel = reachedThrough.map((value, index) => value - (reachedDirect[index] ?? 0));
  if (!last) throw new Error('no request was sent');
  const lastBytes = Buffer.byteLength(JSON.stringify(last));
  return {
    last,
    overheads,
    figures: {
      [`${label}: fake model alone, first token p50 ms`]: round(median(direct)),
      [`${label}: through ${server.name}, first chunk p50 ms`]: round(median(through)),
      [`${label}: overhead p50 ms`]: round(median(overheads)),
      [`${label}: overhead p90 ms`]: round(percentile(overheads, 90)),
      [`${label}: of which before the model request arrives, p50 ms`]: round(median(beforeModel)),
      [`${label}: of which before the model request arrives, p90 ms`]: round(
        percentile(beforeModel, 90),
      ),
      [`${label}: last request to the model, KB`]: round(lastBytes / 1024),
    },
  };
}

try {
  const runtime = await startProcess('src/main.ts', {
    DATA_DIR: path.join(work, 'data'),
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
  });
  let opening: Awaited<ReturnType<typeof series>>;
  let conversation: Awaited<ReturnType<typeof series>>;
  try {
    const server = { url: runtime.url, headers: await signIn(runtime.url), name: 'the runtime' };
    // Each message opens a chat (its history is a query that finds nothing), then all of them
    // go to one chat, as an operator's conversation does (its history grows, up to the budget).
    opening = await series(server, 'first message of a chat', (i) => `bench-${i}`);
    conversation = await series(server, 'one conversation', () => 'bench-conversation');
  } finally {
    await runtime.stop();
  }
  // The floor: a process in the runtime's place that only relays, sending the model the
  // conversation's last request (as large) with each message's text in it.
  const requestFile = path.join(work, 'model-request.json');
  await writeFile(requestFile, JSON.stringify(conversation.last));
  const proxy = await startProcess(
    path.resolve(import.meta.dirname, 'baselines/stream-proxy-floor.ts'),
    { MODEL_REQUEST_FILE: requestFile, MODEL_BASE_URL: model.baseUrl },
  );
  let relay: Awaited<ReturnType<typeof series>>;
  try {
    const server = {
      url: proxy.url,
      headers: { 'content-type': 'application/json' },
      name: 'a bare relay',
    };
    relay = await series(server, "floor (a bare relay in the runtime's place)", () => 'relay');
  } finally {
    await proxy.stop();
  }
  const overRelay = (own: number[]) => ({
    p50: round(median(own) - median(relay.overheads)),
    p90: round(percentile(own, 90) - percentile(relay.overheads, 90)),
  });
  const openingOwn = overRelay(opening.overheads);
  const conversationOwn = overRelay(conversation.overheads);
  await report('model-loop', {
    rounds: ROUNDS,
    'gap between messages, ms': GAP_MS,
    ...opening.figures,
    ...conversation.figures,
    ...relay.figures,
    'first message of a chat: overhead beyond the relay floor, p50 / p90 ms': `${openingOwn.p50} / ${openingOwn.p90}`,
    'one conversation: overhead beyond the relay floor, p50 / p90 ms': `${conversationOwn.p50} / ${conversationOwn.p90}`,
    ...(await clientsAlone(model.baseUrl, conversation.last)),
  });
} finally {
  await model.close();
  await rm(work, { recursive: true, force: true });
}
