import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/**
 * How often a worker on the doorbell still asks for jobs by itself: only in case a ring is lost
 * (the doorbell's query failed, or a ring came while the worker was between two fetches).
 */
export const BACKSTOP_POLL_SECONDS = 30;

type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

interface Listener {
  everyMs: number;
  ring: () => void;
}

/**
 * One query for every queue this process works, telling which have a job due, instead of each
 * idle worker polling its own queue: nine workers polling every 2 s cost an idle embedded
 * runtime about 4.5 statements a second, the doorbell one every 2 s. The workers it rings fetch
 * as they did; between rings they sleep for BACKSTOP_POLL_SECONDS. Each replica rings its own
 * workers, so a job sent by another replica, a retry whose backoff ended and a job whose start
 * came are all seen within a tick. A queue is checked as often as its most eager listener asks.
 */
export class JobDoorbell {
  private readonly listeners = new Map<string, Set<Listener>>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private stopped = false;
  private readonly statement: string;

  constructor(
    private readonly boss: PgBoss,
    private readonly query: Query,
    /** pg-boss's schema (an identifier of ours, never input). */
    schema: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // One probe of the partial fetch index per queue (pg-boss's job_i5), however many jobs wait.
    this.statement = `select q.name from unnest($1::text[]) as q(name) where exists (select 1 from ${schema}.job j where j.name = q.name and j.state < 'active' and j.start_after < now())`;
  }

  /** Calls `ring` whenever `queue` has a job due, checking at most `everyMs` apart. */
  listen(queue: string, everyMs: number, ring: () => void): () => void {
    const listener = { everyMs, ring };
    const set = this.listeners.get(queue) ?? new Set();
    set.add(listener);
    this.listeners.set(queue, set);
    this.schedule();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(queue) === set) this.listeners.delete(queue);
    };
  }

  /** pg-boss workers on `queue` that fetch when rung, and on their own only as a backstop. */
  async work<T>(
    queue: string,
    options: { batchSize: number; everySeconds: number },
    handler: PgBoss.WorkHandler<T>,
  ): Promise<string> {
    const id = await this.boss.work<T>(
      queue,
      { batchSize: options.batchSize, pollingIntervalSeconds: BACKSTOP_POLL_SECONDS },
      handler,
    );
    this.listen(queue, options.everySeconds * 1000, () => this.boss.notifyWorker(id));
    return id;
  }

  /** Stops the queue's pg-boss workers and their rings. */
  async offWork(queue: string): Promise<void> {
    this.listeners.delete(queue);
    await this.boss.offWork(queue);
  }

  /** Checks now instead of at the next tick (tests; a job sent here is woken by its sender). */
  check(): Promise<void> {
    this.checking ??= this.ringDue().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.checking;
  }

  private schedule(): void {
    if (this.stopped || this.listeners.size === 0) return;
    const everyMs = Math.min(
      ...[...this.listeners.values()].flatMap((set) => [...set].map((l) => l.everyMs)),
    );
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check().finally(() => this.schedule());
    }, everyMs);
    this.timer.unref();
  }

  private async ringDue(): Promise<void> {
    const queues = [...this.listeners.keys()];
    if (queues.length === 0) return;
    let due: string[];
    try {
      const { rows } = await this.query(this.statement, [queues]);
      due = (rows as Array<{ name: string }>).map((row) => row.name);
    } catch (error) {
      this.log.warn({ err: error }, 'job doorbell check failed; workers fall back to polling');
      return;
    }
    for (const queue of due)
      for (const listener of this.listeners.get(queue) ?? []) listener.ring();
  }
}
