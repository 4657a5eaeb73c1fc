/**
 * Server CPU per model message: the real runtime (embedded default, memory extraction on) as its
 * own process, 20 messages of one conversation through POST /chat against a scripted model in
 * this process, then the extraction that follows. The figure is the runtime process's CPU time
 * (user + system, from /proc) over that stretch, minus its CPU over an idle stretch of the same
 * length measured just before (job polling and timers), per message. With `BENCH_PROFILE=1` the
 * runtime runs under V8's sampling profiler and the bench prints where its CPU went, by package
 * or module.
 *
 * `node --import tsx bench/chat-cpu.bench.ts`; BENCH_MESSAGES (20), BENCH_GAP_MS (250),
 * BENCH_PROFILE.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { proposedFacts, startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { report, round } from './lib.ts';
import { cpuMs, signIn, startProcess } from './runtime-process.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 250);
const PROFILE = process.env.BENCH_PROFILE === '1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Self time of a V8 CPU profile by package (node_modules) or runtime module. */
function byModule(profile: {
  nodes: Array<{ id: number; callFrame: { url: string; functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}): Array<[string, number]> {
  const where = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = where.get(id);
    const url = frame?.url ?? '';
    // The runtime runs from its cached build (node_modules/.cache, see launch.mjs): its
    // modules keep their folder names there.
    const build = url.replace(/.*node_modules\/\.cache\/[^/]*\//, '');
    const pkg = build.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const own = build.match(/(?:^|\/)(modules\/[^/]+|store|http|security)\//)?.[1];
    const name = url.startsWith('node:')
      ? 'node internals'
      : url.startsWith('wasm:')
        ? '@electric-sql/pglite (its WebAssembly)'
        : pkg && pkg !== '.cache'
          ? pkg
          : own
            ? `runtime ${own}`
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
const runtime = await startProcess('src/main.ts', {
  DATA_DIR: dataDir,
  OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
  OPENAI_BASE_URL: model.baseUrl,
  DEFAULT_MODEL: 'openai/gpt-4o-mini',
  MEMORY_EXTRACTION: 'true',
});
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
  for (let i = 0; i < 3; i++) await send(`Warm-up message ${i}.`, 'warm-up');
  await sleep(15_000); // the warm-up's extraction
  // Extraction waits 10 s after a chat turn: the stretch covers the messages and that wait.
  const stretchMs = MESSAGES * GAP_MS + 15_000;
  const idleStart = await cpuMs(pid);
  await sleep(stretchMs);
  const idleCpu = (await cpuMs(pid)) - idleStart;
  const before = await cpuMs(pid);
  const started = Date.now();
  for (let i = 0; i < MESSAGES; i++) {
    await send(`My neighbour number ${i} keeps bees on the roof of the blue house.`, 'cpu');
    await sleep(GAP_MS);
  }
  await sleep(Math.max(0, stretchMs - (Date.now() - started)));
  const busyCpu = (await cpuMs(pid)) - before;
  const calls = model.requests.filter((r) => r.path.endsWith('/chat/completions'));
  await report('chat-cpu', {
    messages: MESSAGES,
    'stretch seconds': round(stretchMs / 1000, 1),
    'model calls in the run (chat + extraction, warm-up included)': calls.length,
    'runtime CPU over the stretch ms': round(busyCpu),
    'runtime CPU idle over as long ms': round(idleCpu),
    'CPU per model message ms': round((busyCpu - idleCpu) / MESSAGES, 2),
  });
} finally {
  await runtime.stop();
  await model.close();
  if (PROFILE) {
    const files = (await readdir(profileDir).catch(() => [])).filter((f) =>
      f.endsWith('.cpuprofile'),
    );
    for (const file of files) {
      const rows = byModule(JSON.parse(await readFile(path.join(profileDir, file), 'utf8')));
      const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
      // The whole run: start, warm-up, the idle stretch and the measured one (one file a thread).
      console.log(
        `\nwhere the runtime's CPU went over the whole run (${file}, ${round(total)} ms):`,
      );
      for (const [name, ms] of rows.slice(0, 15))
        console.log(
          `  ${name.padEnd(40)} ${round(ms).toString().padStart(8)} ms  ${round((100 * ms) / total, 1)} %`,
        );
    }
  }
  await rm(dataDir, { recursive: true, force: true });
}
