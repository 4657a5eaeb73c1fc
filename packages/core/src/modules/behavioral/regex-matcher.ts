import { Worker } from 'node:worker_threads';

/** Characters of a request that regex triggers see: bounds the work of any one match. */
export const MATCH_INPUT_CAP = 2_000;
const DEFAULT_TIMEOUT_MS = 100;

// Plain JavaScript evaluated in the worker, so it runs the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const compiled = new Map();
parentPort.on('message', ({ id, patterns, text }) => {
  const matches = patterns.map((pattern) => {
    let regex = compiled.get(pattern);
    if (!regex) {
      if (compiled.size >= 1000) compiled.clear();
      regex = new RegExp(pattern, 'iu');
      compiled.set(pattern, regex);
    }
    return regex.test(text);
  });
  parentPort.postMessage({ id, matches });
});
`;

interface Waiter {
  resolve(matches: boolean[] | null): void;
  timer: NodeJS.Timeout;
}

/**
 * Tests regex triggers in a worker thread with a time limit. A pattern that backtracks for too
 * long cannot stall the event loop: the worker is terminated (which interrupts the match), the
 * call answers null, and the next call starts a fresh worker.
 */
export class RegexMatcher {
  private worker: Worker | null = null;
  private online: Promise<boolean> | null = null;
  private readonly waiters = new Map<number, Waiter>();
  private nextId = 1;

  constructor(private readonly timeoutMs = DEFAULT_TIMEOUT_MS) {}

  /** One result per pattern (case-insensitive, on the first MATCH_INPUT_CAP characters), or null on timeout. */
  async match(patterns: string[], text: string): Promise<boolean[] | null> {
    if (patterns.length === 0) return [];
    const { worker, online } = this.start();
    // A new worker's start-up is not matching time.
    if (!(await online)) return null;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.reset(), this.timeoutMs);
      this.waiters.set(id, { resolve, timer });
      worker.postMessage({ id, patterns, text: text.slice(0, MATCH_INPUT_CAP) });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.reset();
    await worker?.terminate();
  }

  private start(): { worker: Worker; online: Promise<boolean> } {
    if (this.worker && this.online) return { worker: this.worker, online: this.online };
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const online = new Promise<boolean>((resolve) => {
      worker.once('online', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });
    worker.on('message', ({ id, matches }: { id: number; matches: boolean[] }) => {
      const waiter = this.waiters.get(id);
      if (!waiter) return;
      clearTimeout(waiter.timer);
      this.waiters.delete(id);
      waiter.resolve(matches);
    });
    // A crashed worker answers every waiting call as a timeout; the next call starts another.
    worker.on('error', () => this.reset(worker));
    worker.on('exit', () => this.reset(worker));
    this.worker = worker;
    this.online = online;
    return { worker, online };
  }

  /** Ends the current worker; every call still waiting on it gets null. */
  private reset(expected: Worker | null = this.worker): void {
    if (this.worker !== expected) return;
    this.worker = null;
    this.online = null;
    void expected?.terminate();
    for (const waiter of this.waiters.values()) {
      clearTimeout(waiter.timer);
      waiter.resolve(null);
    }
    this.waiters.clear();
  }
}
