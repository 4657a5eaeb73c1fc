import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { entryCommand } from '../../../testing/spawn-entry.js';

const SCRIPT = path.resolve(import.meta.dirname, 'goal-process.ts');
/** packages/core, the child's working folder. */
const PACKAGE_DIR = path.resolve(import.meta.dirname, '../../../..');

// biome-ignore lint/suspicious/noExplicitAny: lines are whatever JSON the child printed.
type Line = any;

/** The goal-process script running in a real child process, read line by line. */
export class ChildRuntime {
  readonly lines: Line[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private stderr = '';
  private waiters: Array<() => void> = [];

  constructor(env: Record<string, string>, args: string[] = []) {
    this.child = spawn(...entryCommand(SCRIPT, args), {
      cwd: PACKAGE_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        METRICS_PORT: '0',
        DASHBOARD_USER: 'admin',
        DASHBOARD_PASSWORD: 'test-password-1234',
        DASHBOARD_SECRET: 'c'.repeat(64),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        try {
          this.lines.push(JSON.parse(text));
        } catch {
          // not one of our lines
        }
      }
      for (const waiter of this.waiters.splice(0)) waiter();
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    void this.exited.then(() => {
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  }

  /** The first line that matches, waiting for it; fails if the child exits first. */
  async line(match: (line: Line) => boolean, what: string, timeoutMs = 90_000): Promise<Line> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => {
      exited = true;
    });
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      if (exited) throw new Error(`child exited before ${what}: ${this.stderr.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 500);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}
