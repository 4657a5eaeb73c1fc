/**
 * Fast-path chat requests per second through HTTP (POST /chat "12*7", signed in, CSRF and all)
 * against a bare Fastify hello-world started the same way, with the same load generator; and
 * against the route's floor (baselines/fastify-route-floor.ts: the same request through Fastify
 * with the runtime's logger, cookie parser and zod schemas, answered at once), which tells the
 * framework's share of a request from the runtime's own work.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { report, round } from './lib.ts';
import { signIn, startProcess } from './runtime-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${failed} failed requests against ${options.url}`);
  return result;
}

const body = JSON.stringify({ text: 'what is 12*7?', chat_id: 'bench-fast-path' });
const work = await mkdtemp(path.join(tmpdir(), 'bench-fast-path-'));
try {
  const hello = await startProcess(
    path.resolve(import.meta.dirname, 'baselines/hello-fastify.ts'),
    {},
  );
  const baseline = await load({ url: `${hello.url}/health` }).finally(() => hello.stop());

  const floorServer = await startProcess(
    path.resolve(import.meta.dirname, 'baselines/fastify-route-floor.ts'),
    {},
  );
  const floor = await load({
    url: `${floorServer.url}/chat`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `session=${'s'.repeat(43)}.${'m'.repeat(43)}`,
      'x-csrf-token': 't'.repeat(43),
    },
    body,
  }).finally(() => floorServer.stop());

  const figures: Record<string, number | string> = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    'baseline fastify hello: requests/s': round(baseline.requests.average, 0),
    'baseline: latency p50 ms': baseline.latency.p50,
    'route floor (Fastify, cookies, zod schemas, no work): requests/s': round(
      floor.requests.average,
      0,
    ),
    'route floor / baseline': round(floor.requests.average / baseline.requests.average, 3),
  };
  /** Requests per second of `route` on a process started from `script`, signed in. */
  const measure = async (script: string, route: string, env: Record<string, string>) => {
    const server = await startProcess(script, env);
    try {
      const headers = await signIn(server.url);
      const url = `${server.url}${route}`;
      const check = await fetch(url, { method: 'POST', headers, body });
      const tier = ((await check.json()) as { tier?: string }).tier;
      if (tier !== 'fast_path')
        throw new Error(`expected the fast path from ${route}, got ${tier}`);
      return await load({ url, method: 'POST', headers, body });
    } finally {
      await server.stop();
    }
  };
  const measureRuntime = async (label: string, env: Record<string, string>) => {
    const appFloor = await measure(
      path.resolve(import.meta.dirname, 'baselines/runtime-app-floor.ts'),
      '/bench/chat-floor',
      env,
    );
    const chat = await measure('src/main.ts', '/chat', env);
    const rate = chat.requests.average;
    const appRate = appFloor.requests.average;
    figures[`${label}, app floor (every hook, no runtime work): requests/s`] = round(appRate, 0);
    figures[`${label}, app floor / baseline`] = round(appRate / baseline.requests.average, 3);
    figures[`${label}: requests/s`] = round(rate, 0);
    figures[`${label} / baseline`] = round(rate / baseline.requests.average, 3);
    figures[`${label} / route floor`] = round(rate / floor.requests.average, 3);
    figures[`${label} / app floor`] = round(rate / appRate, 3);
    // Time per request beyond each floor: what the hooks add, and what the runtime's work adds.
    figures[`${label}: hooks µs per request`] = round(
      1e6 / appRate - 1e6 / floor.requests.average,
      0,
    );
    figures[`${label}: runtime work µs per request`] = round(1e6 / rate - 1e6 / appRate, 0);
    figures[`${label}: latency p50 ms`] = chat.latency.p50;
    figures[`${label}: latency p99 ms`] = chat.latency.p99;
  };
  await measureRuntime('fast-path embedded (PGlite)', { DATA_DIR: path.join(work, 'data') });
  try {
    await measureRuntime('fast-path PostgreSQL + Redis', {
      DATA_DIR: path.join(work, 'data-servers'),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      KV_URL: process.env.BENCH_KV_URL ?? 'redis://127.0.0.1:6379/15',
    });
  } catch (error) {
    figures['PostgreSQL + Redis'] = `not measured: ${(error as Error).message}`;
  }
  await report('fast-path', figures);
} finally {
  await rm(work, { recursive: true, force: true });
}
