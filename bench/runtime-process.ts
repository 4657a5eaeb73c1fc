/** Starts the real runtime (src/main.ts) or a baseline script as a child process, for benchmarks. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export const CORE = path.resolve(import.meta.dirname, '../packages/core');
/** What `npm start` runs: the source compiled once into a cached build (packages/core/launch.mjs). */
export const LAUNCHER = path.join(CORE, 'launch.mjs');
export const BENCH_PASSWORD = 'bench-password-1';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `script` (relative to packages/core) and waits until GET /health answers 200. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    // The V8 flag `npm start` passes, then any the bench asks for.
    [
      '--max-semi-space-size=4',
      ...(process.env.BENCH_CHILD_FLAGS?.split(' ') ?? []),
      LAUNCHER,
      script,
    ],
    {
      cwd: CORE,
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        DASHBOARD_SECRET: 'b'.repeat(64),
        DASHBOARD_PASSWORD: BENCH_PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`${script} never became healthy`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Signs in like an operator's script and returns the headers its later calls send. */
export async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrf_token } = (await response.json()) as { csrf_token: string };
  return { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU milliseconds the process has used: utime + stime from /proc/<pid>/stat. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}
