/**
 * Start to healthy on an existing data dir, and resident memory when idle, for the embedded
 * default and (when reachable) PostgreSQL + Redis. Baseline in the same run: a bare Fastify
 * hello-world started the same way (through packages/core/launch.mjs, as `npm start` starts the
 * runtime). Every series starts once untimed first, so the launcher's build is cached.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, report, round } from './lib.ts';
import { CORE, freePort, LAUNCHER } from './runtime-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Spawns a server, returns ms until GET url answers 200 and its RSS after `idleMs`. */
async function measure(
  script: string,
  env: Record<string, string>,
  urlPath: string,
  idleMs = 3_000,
) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [LAUNCHER, script], {
    cwd: CORE,
    env: { ...process.env, PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let readyMs = Number.NaN;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${urlPath}`)).status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not yet
    }
    if (performance.now() - started > 60_000) throw new Error(`${script} never became ready`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const rss = await rssMiB(child.pid ?? 0);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return { readyMs, rss };
}

async function series(script: string, env: Record<string, string>, urlPath: string) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(script, env, urlPath));
  return { readyMs: median(runs.map((r) => r.readyMs)), rss: median(runs.map((r) => r.rss)) };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-startup-'));
const hello = path.resolve(import.meta.dirname, 'baselines/hello-fastify.ts');
try {
  const baseEnv = {
    DATA_DIR: path.join(work, 'data'),
    DASHBOARD_SECRET: 'b'.repeat(64),
    DASHBOARD_PASSWORD: 'bench-password-1',
  };
  await measure('src/main.ts', baseEnv, '/health', 0); // first boot: initdb, migrations (not timed)
  await measure(hello, {}, '/health', 0); // the launcher compiles it once (not timed)
  const baseline = await series(hello, {}, '/health');
  const embedded = await series('src/main.ts', baseEnv, '/health');
  const figures: Record<string, number | string> = {
    runs: RUNS,
    'baseline fastify hello: ready ms': round(baseline.readyMs, 0),
    'baseline fastify hello: idle RSS MiB': round(baseline.rss, 0),
    'embedded (PGlite): ready ms': round(embedded.readyMs, 0),
    'embedded (PGlite): idle RSS MiB': round(embedded.rss, 0),
    'embedded: ready ms over baseline': round(embedded.readyMs - baseline.readyMs, 0),
  };
  const external = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const kv = process.env.BENCH_KV_URL ?? 'redis://127.0.0.1:6379/15';
  try {
    const env = { ...baseEnv, DATABASE_URL: external, KV_URL: kv };
    await measure('src/main.ts', env, '/health', 0);
    const servers = await series('src/main.ts', env, '/health');
    figures['PostgreSQL + Redis: ready ms'] = round(servers.readyMs, 0);
    figures['PostgreSQL + Redis: idle RSS MiB'] = round(servers.rss, 0);
  } catch (error) {
    figures['PostgreSQL + Redis'] = `not measured: ${(error as Error).message}`;
  }
  await report('startup', figures);
} finally {
  await rm(work, { recursive: true, force: true });
}
