/**
 * What OpenTelemetry export costs, off and on.
 *
 * (1) Off, per call: the wrappers a chat message with one integration call passes through
 * (invoke_agent, two model calls, the skill, the vendor step) with OTEL_EXPORTER_OTLP_ENDPOINT
 * unset, against calling the wrapped functions directly (what the code did before), in this
 * process: nanoseconds per message.
 * (2) Per process: the real runtime (`npm start`'s build, embedded stores, extraction off) as its
 * own process, the variable unset and then set to a local OTLP receiver in this process, rounds
 * alternating: CPU per chat message (the process's CPU over the messages minus its CPU over an
 * idle stretch as long), resident memory after the messages, and spans received.
 *
 * `node --import tsx bench/telemetry.bench.ts`; BENCH_MESSAGES (60), BENCH_GAP_MS (50),
 * BENCH_ROUNDS (2 of each), BENCH_CALLS (1,000,000).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { goalTaskSpan } from '../packages/core/src/modules/goals/goal-task-span.ts';
import { integrationSpan } from '../packages/core/src/modules/integrations/integration-span.ts';
import type {
  ChatStep,
  ChatStepRequest,
} from '../packages/core/src/modules/models/chat-stream/chat-types.ts';
import { chatSpan, toolSpan } from '../packages/core/src/modules/telemetry/gen-ai-spans.ts';
import { telemetry } from '../packages/core/src/modules/telemetry/telemetry.ts';
import { startFakeOpenAi, startOtlpReceiver } from '../packages/core/src/testing/fakes/index.ts';
import { median, report, round } from './lib.ts';
import { cpuMs, signIn, startProcess } from './runtime-process.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 60);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// (1) The off path of the wrappers, against the bare calls.
const step: ChatStep = {
  text: 'ok',
  toolCalls: [],
  usage: { input: 1, output: 1 },
  model: 'm',
  finishReason: 'stop',
};
const request = {
  target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', apiKey: null, model: 'm' },
  system: '',
  messages: [],
  tools: [],
  signal: new AbortController().signal,
  onText: () => {},
} as ChatStepRequest;
const outcome = { status: 'done', modelText: 'ok' };
const answer = { status: 200 };
const claim = { goal_id: 'g', task_id: 't', attempt: 1, position: 0, title: 'x' } as Parameters<
  typeof goalTaskSpan
>[0];
const call = async <T>(value: T) => value;

async function bareMessage(): Promise<void> {
  await call(null);
  await call(step);
  await call(outcome);
  await call(answer);
  await call(step);
}
async function wrappedMessage(): Promise<void> {
  await telemetry().span('invoke_agent', { attributes: { a: 'b' } }, () => call(null));
  await chatSpan('openai', request, () => call(step));
  await toolSpan('integration_skill', {}, () => call(outcome));
  await integrationSpan('http', 'get', () => call(answer));
  await chatSpan('openai', request, () => call(step));
}
async function timeNs(fn: () => Promise<void>, count: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await fn();
  return Number(process.hrtime.bigint() - started) / count;
}
// Warm both paths up (JIT), then measure them in turn, three times each, keeping the medians.
await timeNs(bareMessage, CALLS / 10);
await timeNs(wrappedMessage, CALLS / 10);
await goalTaskSpan(claim, () => call(null));
const bare: number[] = [];
const wrapped: number[] = [];
for (let i = 0; i < 3; i++) {
  bare.push(await timeNs(bareMessage, CALLS / 5));
  wrapped.push(await timeNs(wrappedMessage, CALLS / 5));
}

// (2) The runtime as a process, export off and on.
const model = await startFakeOpenAi();
model.respond = () => ({ text: 'Noted, thank you.', usage: { input: 50, output: 4 } });
const receiver = await startOtlpReceiver();

async function measure(exported: boolean): Promise<{ cpu: number; rssMiB: number; spans: number }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-otel-'));
  const spansBefore = receiver.spans.length;
  let measured = { cpu: 0, rssMiB: 0 };
  const runtime = await startProcess('src/main.ts', {
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
    MEMORY_EXTRACTION: 'false',
    ...(exported ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } : {}),
  });
  try {
    const pid = runtime.child.pid as number;
    const headers = await signIn(runtime.url);
    const send = async (text: string) => {
      const response = await fetch(`${runtime.url}/chat`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text, chat_id: 'bench-otel' }),
      });
      if (response.status !== 200) throw new Error(`chat: ${response.status}`);
      await response.text();
    };
    for (let i = 0; i < 10; i++) await send(`Warm-up message ${i} about the blue house.`);
    // The exporter sends every 5 s: the stretches are whole multiples of that.
    const stretchMs = Math.ceil((MESSAGES * (GAP_MS + 30)) / 5_000) * 5_000 + 5_000;
    await sleep(5_000);
    const idleStart = await cpuMs(pid);
    await sleep(stretchMs);
    const idle = (await cpuMs(pid)) - idleStart;
    const before = await cpuMs(pid);
    const started = Date.now();
    for (let i = 0; i < MESSAGES; i++) {
      await send(`My neighbour number ${i} keeps bees on the roof of the blue house.`);
      await sleep(GAP_MS);
    }
    await sleep(Math.max(0, stretchMs - (Date.now() - started)));
    const busy = (await cpuMs(pid)) - before;
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    measured = { cpu: (busy - idle) / MESSAGES, rssMiB: rssKiB / 1024 };
  } finally {
    // Its close flushes the spans of the last seconds.
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  // The spans of the chat requests (sign-in and health checks make spans of their own).
  const spans = receiver.spans.slice(spansBefore).filter((span) => span.name === 'POST /chat');
  return { ...measured, spans: spans.length };
}

const off: Array<Awaited<ReturnType<typeof measure>>> = [];
const on: Array<Awaited<ReturnType<typeof measure>>> = [];
try {
  for (let i = 0; i < ROUNDS; i++) {
    off.push(await measure(false));
    on.push(await measure(true));
  }
} finally {
  await model.close();
  await receiver.close();
}
const cpuOff = median(off.map((r) => r.cpu));
const cpuOn = median(on.map((r) => r.cpu));
await report('telemetry', {
  'wrappers per message, export off: ns': round(median(wrapped)),
  'bare calls per message (before): ns': round(median(bare)),
  'added per message by the off wrappers: ns': round(median(wrapped) - median(bare)),
  messages: MESSAGES,
  rounds: ROUNDS,
  'CPU per chat message, export off: ms': round(cpuOff),
  'CPU per chat message, export on: ms': round(cpuOn),
  'export on / off CPU': round(cpuOn / cpuOff),
  'CPU per message, each off round: ms': off.map((r) => round(r.cpu)).join(', '),
  'CPU per message, each on round: ms': on.map((r) => round(r.cpu)).join(', '),
  'resident memory after the messages, off: MiB': round(median(off.map((r) => r.rssMiB)), 1),
  'resident memory after the messages, on: MiB': round(median(on.map((r) => r.rssMiB)), 1),
  'chat requests sent per round (warm-up included)': MESSAGES + 10,
  'chat request spans received, export off': off.reduce((n, r) => n + r.spans, 0),
  'chat request spans received per on round': on.map((r) => r.spans).join(', '),
});
