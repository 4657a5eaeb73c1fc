/**
 * Concurrent chat streams: BENCH_STREAMS (1,000) POST /chat/stream held open at once against a
 * fake model that waits BENCH_HOLD_SECONDS (40) before its first token, so every stream lives
 * through at least two 15 s heartbeats. Counts the streams dropped (closed without `done`), the
 * longest silence on any stream (heartbeats on time: at most 15 s plus a little), and the
 * runtime's resident memory per open stream (RSS with every stream open minus RSS before they
 * opened, and minus RSS after they closed, over the count). RSS is sampled every second while
 * they wait; the figure uses the last sample, once the collector has had the whole hold to clear
 * what opening 1,000 requests left (the first samples carry that garbage, 30-40 MiB of it).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { report, round } from './lib.ts';
import { signIn, startProcess } from './runtime-process.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const HOLD_MS = Number(process.env.BENCH_HOLD_SECONDS ?? 40) * 1000;
const HEARTBEAT_MS = 15_000;

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface StreamOutcome {
  done: boolean;
  heartbeats: number;
  longestSilenceMs: number;
  error?: string;
}

/** One stream from open to end; resolves `opened` once the response headers are in. */
function stream(url: URL, headers: Record<string, string>, body: string, agent: Agent) {
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const outcome = new Promise<StreamOutcome>((resolve) => {
    const result: StreamOutcome = { done: false, heartbeats: 0, longestSilenceMs: 0 };
    let last = 0;
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      last = Date.now();
      opened();
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => {
        const now = Date.now();
        result.longestSilenceMs = Math.max(result.longestSilenceMs, now - last);
        last = now;
        text += chunk;
        result.heartbeats = text.split(': keep-alive').length - 1;
        if (text.includes('event: done')) result.done = true;
      });
      res.on('end', () => resolve(result));
      res.on('error', (error) => resolve({ ...result, error: error.message }));
    });
    req.on('error', (error) => {
      opened();
      resolve({ ...result, error: error.message });
    });
    req.end(body);
  });
  return { open, outcome };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-sse-'));
const model = await startFakeOpenAi();
model.respond = () => ({ text: 'Held and answered.', firstChunkDelayMs: HOLD_MS });
try {
  const env = {
    DATA_DIR: path.join(work, 'data'),
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
  };
  // Measured on an existing data dir, as an operator's runtime runs: the first start creates
  // the database, which leaves memory of its own behind.
  await (await startProcess('src/main.ts', env)).stop();
  const runtime = await startProcess('src/main.ts', env);
  try {
    const headers = await signIn(runtime.url);
    const pid = runtime.child.pid ?? 0;
    const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const url = new URL(`${runtime.url}/chat/stream`);
    model.respond = () => ({ text: 'Warm.' });
    // Warm-up: one whole stream, so the first model call's one-time work is not counted.
    const warm = stream(
      url,
      headers,
      JSON.stringify({ text: 'Warm up.', chat_id: 'sse-warm' }),
      agent,
    );
    await warm.outcome;
    model.respond = () => ({ text: 'Held and answered.', firstChunkDelayMs: HOLD_MS });
    // Start-up leaves memory the runtime gives back over the next seconds: let it settle first.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const before = await rssKb(pid);

    const started = Date.now();
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      stream(url, headers, JSON.stringify({ text: `Hold on, ${i}.`, chat_id: `sse-${i}` }), agent),
    );
    await Promise.all(streams.map((s) => s.open));
    const allOpenMs = Date.now() - started;
    // Measured while every stream is open and waiting on the model, until a little before the
    // model answers.
    const samples: number[] = [];
    while (Date.now() - started < HOLD_MS - 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      samples.push(await rssKb(pid));
    }
    const during = samples.at(-1) ?? 0;
    const outcomes = await Promise.all(streams.map((s) => s.outcome));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const after = await rssKb(pid);
    const dropped = outcomes.filter((o) => !o.done);
    const longestSilence = Math.max(...outcomes.map((o) => o.longestSilenceMs));
    const expectedBeats = Math.floor(HOLD_MS / HEARTBEAT_MS);
    const late = outcomes.filter((o) => o.heartbeats < expectedBeats).length;
    await report('sse-streams', {
      streams: STREAMS,
      'hold s': HOLD_MS / 1000,
      'all open after ms': allOpenMs,
      dropped: dropped.length,
      'first drop': dropped[0]?.error ?? (dropped.length ? 'ended without done' : 'none'),
      'streams short of heartbeats': late,
      'longest silence on a stream ms': longestSilence,
      'heartbeats on time (silence <= 15 s + 2 s)': longestSilence <= HEARTBEAT_MS + 2_000,
      'runtime RSS before MiB': round(before / 1024, 1),
      'runtime RSS with all open MiB, first sample': round((samples[0] ?? 0) / 1024, 1),
      'runtime RSS with all open MiB, highest sample': round(Math.max(...samples) / 1024, 1),
      'runtime RSS with all open MiB, last sample': round(during / 1024, 1),
      'runtime RSS after all closed MiB': round(after / 1024, 1),
      'memory per stream KB (with all open - before)': round((during - before) / STREAMS, 1),
      'memory per stream KB (with all open - after)': round((during - after) / STREAMS, 1),
    });
    agent.destroy();
  } finally {
    await runtime.stop();
  }
} finally {
  await model.close();
  await rm(work, { recursive: true, force: true });
}
