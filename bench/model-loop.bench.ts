/**
 * The model loop's overhead on time to first chunk: POST /chat/stream through the runtime to
 * its first `chunk` event, minus the fake model's own time to first token for the very request
 * the runtime sent (replayed straight at the fake, interleaved, same process). Also the size of
 * the request the runtime sends the model for a one-line message with every skill offered.
 * Messages go one at a time, BENCH_GAP_MS (250) apart as a fast typist's would, so each figure is
 * that message's own path rather than the writes the previous answer left for after its reply
 * (its batch of rows, its memory observation), which the embedded database runs on this thread.
 * Two series: every message the first of its chat, then every message in one conversation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { median, percentile, report, round } from './lib.ts';
import { signIn, startProcess } from './runtime-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 250);

/** ms from sending `init` to the first SSE frame whose text passes `isFirst`. */
async function timeToFirst(url: string, init: RequestInit, isFirst: (frame: string) => boolean) {
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
      await reader.cancel();
      return elapsed;
    }
  }
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-model-loop-'));
const model = await startFakeOpenAi();
try {
  const runtime = await startProcess('src/main.ts', {
    DATA_DIR: path.join(work, 'data'),
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
  });
  try {
    const headers = await signIn(runtime.url);
    /** Overheads of ROUNDS messages (after 5 to warm up), each in the chat `chatFor` names. */
    const series = async (label: string, chatFor: (i: number) => string) => {
      const through: number[] = [];
      const direct: number[] = [];
      let requestBytes = 0;
      for (let i = 0; i < ROUNDS + 5; i++) {
        const text = `Say hello to number ${i} (${label}).`;
        const body = JSON.stringify({ text, chat_id: chatFor(i) });
        const viaRuntime = await timeToFirst(
          `${runtime.url}/chat/stream`,
          { method: 'POST', headers, body },
          (frame) => frame.startsWith('event: chunk'),
        );
        // This message's streamed request: memory extraction (not streamed, and quoting the
        // message) may have called the model since.
        const sent = model.requests.findLast(
          (r) =>
            (r.body as { stream?: boolean }).stream === true &&
            JSON.stringify(r.body).includes(text),
        );
        if (!sent) throw new Error('the runtime sent the model nothing');
        const replay = JSON.stringify(sent.body);
        requestBytes = Buffer.byteLength(replay);
        const own = await timeToFirst(
          `${model.baseUrl}/chat/completions`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: replay },
          (frame) => frame.includes('"content":"') && !frame.includes('"content":""'),
        );
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
        // The first rounds warm up the JIT, the connection pools and the caches.
        if (i >= 5) {
          through.push(viaRuntime);
          direct.push(own);
        }
      }
      const overheads = through.map((value, index) => value - (direct[index] ?? 0));
      return {
        [`${label}: fake model alone, first token p50 ms`]: round(median(direct)),
        [`${label}: through the runtime, first chunk p50 ms`]: round(median(through)),
        [`${label}: overhead p50 ms`]: round(median(overheads)),
        [`${label}: overhead p90 ms`]: round(percentile(overheads, 90)),
        [`${label}: last request to the model, KB`]: round(requestBytes / 1024),
      };
    };
    // Each message opens a chat (its history is a query that finds nothing), then all of them
    // go to one chat, as an operator's conversation does (its history grows, up to the budget).
    const opening = await series('first message of a chat', (i) => `bench-${i}`);
    const conversation = await series('one conversation', () => 'bench-conversation');
    await report('model-loop', {
      rounds: ROUNDS,
      'gap between messages, ms': GAP_MS,
      ...opening,
      ...conversation,
    });
  } finally {
    await runtime.stop();
  }
} finally {
  await model.close();
  await rm(work, { recursive: true, force: true });
}
