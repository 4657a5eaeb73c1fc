/**
 * The runtime under the soak: `src/main.ts` as `npm start` runs it (through soak/entry.ts, which
 * only shortens the goal workers' lease so a killed task is taken again within seconds), on one
 * port and data folder for the whole run, killed with SIGKILL and started again at will. Its
 * stdout and stderr, over every start, go to one log file the checks search.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CORE, freePort, LAUNCHER } from '../runtime-process.ts';

const ENTRY = path.resolve(import.meta.dirname, 'entry.ts');
export const SOAK_PASSWORD = 'soak-password-1234';

export class SoakRuntime {
  readonly url: string;
  readonly metricsUrl: string;
  private child: ChildProcess | null = null;
  private readonly log: WriteStream;
  starts = 0;
  kills = 0;

  private constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
    private readonly metricsPort: number,
    readonly logFile: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  static async create(env: Record<string, string>, logFile: string): Promise<SoakRuntime> {
    return new SoakRuntime(env, await freePort(), await freePort(), logFile);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the runtime and waits until /health answers 200 (a reset left mid-way finishes first). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--max-semi-space-size=4', LAUNCHER, ENTRY], {
      cwd: CORE,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        METRICS_PORT: String(this.metricsPort),
        LOG_LEVEL: 'info',
        DASHBOARD_PASSWORD: SOAK_PASSWORD,
        DASHBOARD_SECRET: 'd'.repeat(64),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    this.starts += 1;
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the runtime exited (${child.exitCode})`);
      const status = await fetch(`${this.url}/health`)
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) return;
      if (Date.now() - started > 180_000) throw new Error('the runtime never became healthy');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** kill -9: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.kills += 1;
    this.child = null;
  }

  /** A clean stop (SIGTERM), as at the end of the run. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  /** Resident memory of the running process, in bytes (Linux /proc). */
  async rss(): Promise<number> {
    if (!this.child?.pid) return 0;
    const status = await readFile(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  }

  /**
   * Where the running process's memory is: resident in all, the JavaScript heap (committed and
   * used), and memory outside it (buffers, and PGlite's WebAssembly memory, which grows and
   * never shrinks), from its Prometheus metrics. Bytes; zeros when it does not answer.
   */
  async memory(): Promise<{ rss: number; heapTotal: number; heapUsed: number; external: number }> {
    const text = await fetch(this.metricsUrl)
      .then((response) => response.text())
      .catch(() => '');
    const gauge = (name: string) =>
      Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)`, 'm').exec(text)?.[1] ?? 0);
    return {
      rss: await this.rss(),
      heapTotal: gauge('nodejs_heap_size_total_bytes'),
      heapUsed: gauge('nodejs_heap_size_used_bytes'),
      external: gauge('nodejs_external_memory_bytes'),
    };
  }

  /** A full garbage collection in the runtime (soak/entry.ts), given a moment to finish. */
  async collectGarbage(): Promise<void> {
    if (!this.child?.pid) return;
    process.kill(this.child.pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }

  async close(): Promise<void> {
    await this.stop();
    await new Promise((resolve) => this.log.end(resolve));
  }

  async logText(): Promise<string> {
    return readFile(this.logFile, 'utf8');
  }
}
