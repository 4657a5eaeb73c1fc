/**
 * Server CPU per model message: the real runtime (embedded default, memory extraction on) as its
 * own process, 20 messages of one conversation through POST /chat against a scripted model in
 * this process, then the extraction that follows (the turns batched, up to 8 per model call).
 * The figure is the runtime process's CPU time (user + system, from /proc) from the first
 * message to the end of that extraction, minus what the process spends idle (job polling and
 * timers) over as long, per message. The idle rate is the median over the quiet stretches
 * around the runs; the conversation is run BENCH_RUNS times after one that warms the process
 * up, and the median is the figure, so one stretch of background work does not decide it.
 * The floor, measured the same way in the same run: a process in the runtime's place that does
 * no work of its own (baselines/stream-proxy-floor.ts: Fastify, the runtime's model client and
 * its event stream), sent the same messages with the runtime's last model request as large. What
 * the machine charges for two HTTP hops and a streamed model call varies from machine to machine
 * (twice over, on these), so the runtime's CPU beyond the floor is printed beside its own.
 * With `BENCH_PROFILE=1` the runtime runs under V8's sampling profiler and the bench prints where
 * its CPU went, by package or module.
 *
 * `node --import tsx bench/chat-cpu.bench.ts`; BENCH_MESSAGES (20), BENCH_GAP_MS (250),
 * BENCH_RUNS (5), BENCH_PROFILE.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BATCH_TURNS } from '../packages/core/src/modules/memory/memory-extractor.ts';
import { proposedFacts, startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { median, report, round } from './lib.ts';
import type { SentRequest } from './model-request.ts';
import { cpuMs, signIn, startProcess } from './runtime-process.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 250);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The quiet stretch between runs over which the idle rate is measured. */
const IDLE_MS = 8_000;
const PROFILE = process.env.BENCH_PROFILE === '1';
const message = (i: number) => `My neighbour number ${i} keeps bees on the roof of the blue house.`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The monotonic clock in µs: V8 stamps its profiles' samples with it. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

interface CallFrame {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}

/**
 * The runtime's source file a frame of its cached build ran (launch.mjs bundles src/ into
 * chunks with linked source maps): null for anything else, or where the map says nothing.
 */
function runtimeSource(): (frame: CallFrame) => string | null {
  const maps = new Map<string, SourceMap | null>();
  return (frame) => {
    if (!frame.url.includes('/node_modules/.cache/') || !frame.url.endsWith('.js')) return null;
    let map = maps.get(frame.url);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(frame.url)}.map`, 'utf8')));
      } catch {
        map = null;
      }
      maps.set(frame.url, map);
    }
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry && 'originalSource' in entry ? entry.originalSource : null;
  };
}

/**
 * Self time of a V8 CPU profile by package (node_modules) or runtime module, counting only the
 * samples taken within `windows` (µs of the monotonic clock).
 */
function byModule(
  profile: {
    nodes: Array<{ id: number; callFrame: CallFrame }>;
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  },
  windows: Array<[number, number]>,
): Array<[string, number]> {
  const where = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const sourceOf = runtimeSource();
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (!windows.some(([from, to]) => at >= from && at <= to)) return;
    const frame = where.get(id);
    const url = frame?.url ?? '';
    const source = frame ? sourceOf(frame) : null;
    const pkg = (source ?? url).match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const own = source?.match(/(?:^|\/)src\/((?:modules\/)?[^/]+)/)?.[1];
    const name = url.startsWith('node:')
      ? 'node internals'
      : url.startsWith('wasm:')
        ? '@electric-sql/pglite (its WebAssembly)'
        : pkg && pkg !== '.cache'
          ? pkg
          : own
            ? `runtime ${own.replace(/\.[cm]?ts$/, '')}`
            : url
              ? 'runtime, other'
              : `(${frame?.functionName || 'native'})`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

const model = await startFakeOpenAi();
const extraction = JSON.stringify(
  proposedFacts(['The operator keeps bees on the roof.'], 'facts/home/bees'),
);
model.respond = (request) =>
  request.body?.response_format ? { text: extraction } : { text: 'Noted, thank you.' };
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-cpu-'));
const profileDir = path.join(dataDir, 'profile');
if (PROFILE) process.env.BENCH_CHILD_FLAGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
/** Each run's stretch on the monotonic clock: the profile is read over these only. */
const windows: Array<[number, number]> = [];
const runtime = await startProcess('src/main.ts', {
  DATA_DIR: dataDir,
  OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
  OPENAI_BASE_URL: model.baseUrl,
  DEFAULT_MODEL: 'openai/gpt-4o-mini',
  MEMORY_EXTRACTION: 'true',
});
let runtimeFigures: Record<string, number | string> = {};
let runtimePerMessage: number[] = [];
let lastRequest: SentRequest | undefined;
try {
  const pid = runtime.child.pid as number;
  const headers = await signIn(runtime.url);
  const send = async (text: string, chat: string) => {
    const response = await fetch(`${runtime.url}/chat`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text, chat_id: chat }),
    });
    if (response.status !== 200) throw new Error(`chat: ${response.status}`);
    await response.text();
  };
  const extractions = () =>
    model.requests.filter((request) => request.body?.response_format !== undefined).length;
  /**
   * Resolves once at least `count` extraction calls have reached the model and none has
   * followed for 2 s (the last batch's writes done, no straggler left for the idle stretch).
   */
  const extracted = async (count: number) => {
    const deadline = Date.now() + 60_000;
    let seen = extractions();
    let quietSince = Date.now();
    while (seen < count || Date.now() - quietSince < 2_000) {
      if (Date.now() > deadline) throw new Error(`only ${extractions()} of ${count} extractions`);
      await sleep(50);
      if (extractions() !== seen) {
        seen = extractions();
        quietSince = Date.now();
      }
    }
  };
  let extractionsBefore = 0;
  const measured = await measure(
    pid,
    (i, run) => send(message(i), `cpu-${run}`),
    async () => {
      await extracted(extractionsBefore + Math.ceil(MESSAGES / BATCH_TURNS));
      extractionsBefore = extractions();
    },
    windows,
  );
  const calls = model.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const lastChat = calls.filter((r) => r.body?.response_format === undefined).at(-1);
  if (!lastChat) throw new Error('the runtime sent the model nothing');
  runtimeFigures = {
    messages: MESSAGES,
    runs: RUNS,
    'model calls in the bench (chat + extraction, warm-up run included)': calls.length,
    'extraction calls': extractions(),
    ...figures('runtime', measured),
  };
  runtimePerMessage = measured.perMessage;
  lastRequest = lastChat.body as unknown as SentRequest;
} finally {
  await runtime.stop();
  if (PROFILE) {
    const files = (await readdir(profileDir).catch(() => [])).filter((f) =>
      f.endsWith('.cpuprofile'),
    );
    for (const file of files) {
      const rows = byModule(
        JSON.parse(await readFile(path.join(profileDir, file), 'utf8')),
        windows,
      ).filter(([name]) => name !== '((idle))');
      const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
      if (total === 0) continue; // a thread that did nothing during the runs (PGlite's start)
      console.log(
        `\nwhere the runtime's CPU went during the ${windows.length} runs, its idle work included (${file}, ${round(total)} ms):`,
      );
      for (const [name, ms] of rows.slice(0, 25))
        console.log(
          `  ${name.padEnd(40)} ${round(ms).toString().padStart(8)} ms  ${round((100 * ms) / total, 1)} %`,
        );
    }
  }
}

// The floor: the same messages, as many runs, through a process that only relays.
try {
  const requestFile = path.join(dataDir, 'model-request.json');
  await writeFile(requestFile, JSON.stringify(lastRequest));
  const floor = await startProcess(
    path.resolve(import.meta.dirname, 'baselines/stream-proxy-floor.ts'),
    { MODEL_REQUEST_FILE: requestFile, MODEL_BASE_URL: model.baseUrl },
  );
  try {
    const relayed = await measure(
      floor.child.pid as number,
      async (i) => {
        const response = await fetch(`${floor.url}/chat/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: message(i) }),
        });
        if (response.status !== 200) throw new Error(`floor: ${response.status}`);
        await response.text();
      },
      async () => {},
    );
    await report('chat-cpu', {
      ...runtimeFigures,
      ...figures("floor (a bare relay in the runtime's place)", relayed),
      'runtime CPU beyond the floor per model message ms (median)': round(
        median(runtimePerMessage) - median(relayed.perMessage),
        1,
      ),
    });
  } finally {
    await floor.stop();
  }
} finally {
  await model.close();
  await rm(dataDir, { recursive: true, force: true });
}

interface Measured {
  runs: Array<{ cpu: number; ms: number }>;
  idleRates: number[];
  perMessage: number[];
}

/**
 * CPU per message of process `pid`: a run that warms it up, then RUNS runs of MESSAGES messages
 * GAP_MS apart, each followed by `settle` (work the messages leave behind, counted in the run)
 * and a quiet stretch. Each run's CPU less the median idle rate over as long, per message: one
 * stretch that caught background work (pg-boss upkeep, a late write) does not move the rest.
 */
async function measure(
  pid: number,
  sendOne: (index: number, run: number) => Promise<void>,
  settle: () => Promise<void>,
  /** Each counted run's stretch on the monotonic clock, for the profile. */
  stretches: Array<[number, number]> = [],
): Promise<Measured> {
  const idleRates: number[] = [];
  const runs: Measured['runs'] = [];
  for (let run = -1; run < RUNS; run++) {
    const before = await cpuMs(pid);
    const started = performance.now();
    const from = monotonicUs();
    for (let i = 0; i < MESSAGES; i++) {
      await sendOne(i, run);
      await sleep(GAP_MS);
    }
    await settle();
    if (run >= 0) {
      runs.push({ cpu: (await cpuMs(pid)) - before, ms: performance.now() - started });
      stretches.push([from, monotonicUs()]);
    }
    const quiet = await cpuMs(pid);
    await sleep(IDLE_MS);
    idleRates.push(((await cpuMs(pid)) - quiet) / IDLE_MS);
  }
  const idleRate = median(idleRates);
  return {
    runs,
    idleRates,
    perMessage: runs.map(({ cpu, ms }) => (cpu - idleRate * ms) / MESSAGES),
  };
}

function figures(who: string, { runs, idleRates, perMessage }: Measured) {
  return {
    [`${who}: run seconds (median)`]: round(median(runs.map((run) => run.ms)) / 1000, 1),
    [`${who}: CPU per run ms (median)`]: round(median(runs.map((run) => run.cpu))),
    [`${who}: CPU idle per second ms, each quiet stretch`]: idleRates
      .map((rate) => round(rate * 1000, 1))
      .join(' / '),
    [`${who}: CPU idle per second ms (median)`]: round(median(idleRates) * 1000, 1),
    [`${who}: CPU per model message ms, each run`]: perMessage
      .map((ms) => round(ms, 1))
      .join(' / '),
    [`${who}: CPU per model message ms (median)`]: round(median(perMessage), 1),
  };
}
