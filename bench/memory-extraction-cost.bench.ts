/**
 * What memory extraction costs in model calls and tokens: one 20-message conversation through
 * POST /chat against a scripted model, with extraction on and with it off (two runtimes in this
 * process), then waiting until every observation is extracted. Prints the model calls and
 * tokens (the fake's estimate: request body characters / 4 in, reply characters out) per chat
 * message, for the chat replies and for extraction.
 *
 * `node --import tsx bench/memory-extraction-cost.bench.ts`; BENCH_MESSAGES (20), BENCH_GAP_MS
 * (1000: the pause between messages, as a person types).
 */
import { estimateUsage } from '../packages/core/src/testing/fakes/fake-model-script.ts';
import { proposedFacts, startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { createTestApp } from '../packages/core/src/testing/test-app.ts';
import { report, round } from './lib.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 1000);
const CONVERSATION = [
  'My sister Ana moved to Porto last spring.',
  'She teaches physics at a secondary school there.',
  'Her partner Rui runs a small bakery near the river.',
  'I visit them every August, usually by train.',
  'Next time I want to bring my bicycle.',
  'Do trains in Portugal take bicycles?',
  'I also keep bees on the roof of my flat.',
  'The bees made about twelve kilos of honey this year.',
  'Ana wants a jar for her colleagues.',
  'What is a good way to ship honey?',
];

const model = await startFakeOpenAi();
const extraction = JSON.stringify(
  proposedFacts(['The operator keeps bees on the roof.'], 'facts/home/bees'),
);
model.respond = (request) =>
  request.body?.response_format ? { text: extraction } : { text: 'Noted, thank you.' };

interface Tally {
  calls: number;
  input: number;
  output: number;
}

async function conversation(on: boolean) {
  const t = await createTestApp({
    env: {
      OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
      OPENAI_BASE_URL: model.baseUrl,
      DEFAULT_MODEL: 'openai/gpt-4o-mini',
      MEMORY_EXTRACTION: on ? 'true' : 'false',
      // The runtime's default wait before a chat turn's extraction (the test harness sets 0).
      MEMORY_EXTRACTION_IDLE_SECONDS: undefined,
    },
  });
  try {
    const client = await t.login();
    const from = model.requests.length;
    for (let i = 0; i < MESSAGES; i++) {
      const text = CONVERSATION[i % CONVERSATION.length] as string;
      const response = await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: `extraction-${on ? 'on' : 'off'}` },
      });
      if (response.statusCode !== 200) throw new Error(response.body.slice(0, 300));
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    const deadline = Date.now() + 300_000;
    for (;;) {
      const counts = (await t.app.memory.status()).extraction.observations;
      if (counts.pending + counts.running === 0 && counts.done + counts.skipped >= MESSAGES) break;
      if (Date.now() > deadline)
        throw new Error(`extraction did not finish: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const tally = {
      chat: { calls: 0, input: 0, output: 0 },
      extraction: { calls: 0, input: 0, output: 0 },
    };
    for (const request of model.requests.slice(from)) {
      if (!request.path.endsWith('/chat/completions')) continue;
      const kind: Tally = request.body?.response_format ? tally.extraction : tally.chat;
      const usage = estimateUsage(request.body, model.respond(request));
      kind.calls += 1;
      kind.input += usage.input;
      kind.output += usage.output;
    }
    return tally;
  } finally {
    await t.close();
  }
}

try {
  const off = await conversation(false);
  const on = await conversation(true);
  const perMessage = (n: number) => round(n / MESSAGES, 1);
  await report('memory-extraction-cost', {
    messages: MESSAGES,
    'gap between messages ms': GAP_MS,
    'extraction off: model calls': off.chat.calls + off.extraction.calls,
    'extraction off: tokens per message': perMessage(off.chat.input + off.chat.output),
    'extraction on: chat model calls': on.chat.calls,
    'extraction on: extraction calls': on.extraction.calls,
    'extraction on: tokens per message': perMessage(
      on.chat.input + on.chat.output + on.extraction.input + on.extraction.output,
    ),
    'extraction on: extraction tokens per message': perMessage(
      on.extraction.input + on.extraction.output,
    ),
  });
} finally {
  await model.close();
}
