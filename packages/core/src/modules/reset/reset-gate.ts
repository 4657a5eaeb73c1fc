import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { KvStore } from '../../store/kv/kv-store.js';
import type { Notifications } from '../../store/notifications.js';
import type { ResetFence } from './reset-fence.js';

/** Set while a reset runs (refreshed; expires if the resetting process dies). */
export const ACTIVE_KEY = 'reset:active';
/** The last finished run: a replica that sees it change drops its caches. */
export const EPOCH_KEY = 'reset:epoch';
/** How stale a replica's view of the flag may be. */
const POLL_MS = 1_000;
/** Where the resetting process tells the others to pause and, after, to resume. */
export const RESET_CHANNEL = 'panic_reset';

export interface ResetGateTiming {
  /** Lifetime of the flag: how long a dead resetting process keeps other replicas out. */
  activeTtlMs: number;
  refreshMs: number;
  /** How long one module may take to pause (its running work to end and be recorded). */
  pauseMs: number;
  /**
   * How long the resetting process waits, once paused itself, before anything is wiped: other
   * replicas hear the message at once (or see the flag within two polls), abort their loops and
   * store what those wrote (a batch of their write-behind), which must land before the wipe.
   */
  settleMs: number;
}
const DEFAULT_TIMING: ResetGateTiming = {
  // A killed resetting process keeps the others (and its own restart) waiting this long.
  activeTtlMs: 10_000,
  refreshMs: 2_500,
  pauseMs: 10_000,
  settleMs: POLL_MS * 2 + 500,
};

/** Work that must stop while a reset wipes: paused before the first step, resumed after. */
export interface Quiescer {
  name: string;
  pause(): Promise<void>;
  resume(): Promise<void> | void;
}

/**
 * Whether agent work is allowed right now, on this replica and (through the key-value store)
 * on the others; and the hooks that pause work and drop caches around a reset.
 */
export class ResetGate {
  private localRun: string | null = null;
  /** This process's mark in the flag, so a restarted process can tell a dead holder's flag. */
  private readonly token = randomUUID();
  private refresh: NodeJS.Timeout | null = null;
  private remote = { active: false, epoch: null as string | null, at: 0 };
  private polling: Promise<void> | null = null;
  private readonly quiescers: Quiescer[] = [];
  private readonly cacheDroppers: Array<() => void> = [];
  private watcher: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;
  /** Paused because another replica resets (told on the channel, or seen in the flag). */
  private pausedForOther = false;
  /** Pauses and resumes in order, whoever asks (a message and a poll may race). */
  private transitions: Promise<void> = Promise.resolve();

  constructor(
    private readonly kv: KvStore,
    /** Read again before this replica's work resumes after another one's reset. */
    private readonly fence: ResetFence,
    private readonly notifications: Notifications | null = null,
    private readonly log: FastifyBaseLogger | null = null,
    readonly timing: ResetGateTiming = DEFAULT_TIMING,
  ) {}

  /**
   * Listens for other replicas' resets (pausing this one's work while they wipe) and polls the
   * flag in the background, so an idle replica also drops its caches after a reset and a
   * replica that missed the message still learns of it.
   */
  async watch(): Promise<void> {
    this.watcher ??= setInterval(() => void this.refreshView().catch(() => {}), POLL_MS);
    this.watcher.unref();
    if (this.notifications && !this.unlisten)
      this.unlisten = await this.notifications.listen(RESET_CHANNEL, (payload) => {
        if (payload === null) return void this.learnWipe();
        const [kind, token] = payload.split(':');
        if (token === this.token) return;
        if (kind === 'enter') void this.followOther(true);
        else if (kind === 'leave') void this.followOther(false);
      });
  }

  unwatch(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    if (this.refresh) clearInterval(this.refresh);
    this.refresh = null;
    this.unlisten?.();
    this.unlisten = null;
  }

  /** Whether a reset process currently holds the flag (alive within the flag's lifetime). */
  async heldElsewhere(): Promise<boolean> {
    const holder = await this.kv.get(ACTIVE_KEY);
    return holder !== null && !holder.endsWith(this.token);
  }

  onQuiesce(quiescer: Quiescer): void {
    this.quiescers.push(quiescer);
  }

  /** Called once a reset finished here or on another replica: forget what was cached. */
  onWiped(drop: () => void): void {
    this.cacheDroppers.push(drop);
  }

  /**
   * True while a reset runs anywhere: another replica's is heard at once on the channel, or seen
   * in the flag within about a second. The watcher reads the flag in the background, so a
   * request waits for a read only when the watcher is not running or has fallen behind.
   */
  async active(): Promise<boolean> {
    const known = this.activeIfKnown();
    if (known !== null) return known;
    await this.refreshView();
    return this.remote.active;
  }

  /** active() without a read: null when the view is too old to answer from. */
  activeIfKnown(): boolean | null {
    if (this.localRun) return true;
    return Date.now() - this.remote.at < POLL_MS * 2 ? this.remote.active : null;
  }

  /** Reads the flag and the epoch again (one read at a time, whoever asks). */
  private refreshView(): Promise<void> {
    this.polling ??= this.poll().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** Closes the gate everywhere and pauses this process's work. */
  async enter(runId: string): Promise<void> {
    this.localRun = runId;
    const { activeTtlMs, refreshMs } = this.timing;
    const holder = `${runId}:${this.token}`;
    await this.kv.set(ACTIVE_KEY, holder, { ttlMs: activeTtlMs });
    this.refresh = setInterval(() => {
      void this.kv.set(ACTIVE_KEY, holder, { ttlMs: activeTtlMs }).catch(() => {});
    }, refreshMs);
    this.refresh.unref();
    const announced = Date.now();
    await this.publish(`enter:${this.token}`);
    await this.serially(() => this.pauseAll());
    const settle = this.timing.settleMs - (Date.now() - announced);
    if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
  }

  /**
   * Opens the gate again and tells every replica to drop its caches: a run that failed after
   * its first step has wiped the tables too.
   */
  async leave(runId: string, wiped: boolean): Promise<void> {
    if (this.refresh) clearInterval(this.refresh);
    this.refresh = null;
    await this.kv.set(EPOCH_KEY, runId);
    this.remote.epoch = runId;
    await this.learnWipe();
    if ((await this.kv.get(ACTIVE_KEY)) === `${runId}:${this.token}`)
      await this.kv.delete(ACTIVE_KEY);
    this.localRun = null;
    await this.publish(`leave:${this.token}:${wiped ? 'wiped' : 'failed'}`);
    await this.serially(() => this.resumeAll());
  }

  private async poll(): Promise<void> {
    const [active = null, epoch = null] = await this.kv.getMany([ACTIVE_KEY, EPOCH_KEY]);
    const first = this.remote.at === 0;
    if (!first && epoch !== this.remote.epoch) void this.learnWipe();
    // This process's own flag is its local run, which active() answers without the view.
    const elsewhere = active !== null && !active.endsWith(this.token);
    this.remote = { active: elsewhere, epoch, at: Date.now() };
    // The message was missed, or the resetting process died: the flag decides.
    if (elsewhere !== this.pausedForOther && !this.localRun) void this.followOther(elsewhere);
  }

  /** Pauses this replica's work while another one resets, and resumes it after. */
  private followOther(pause: boolean): Promise<void> {
    if (!pause) this.remote.at = 0;
    return this.serially(async () => {
      if (this.localRun || pause === this.pausedForOther) {
        if (!pause) await this.learnWipe();
        return;
      }
      this.pausedForOther = pause;
      if (pause) this.remote = { ...this.remote, active: true, at: Date.now() };
      if (pause) await this.pauseAll();
      else {
        // Before any work resumes: what this replica still holds from before the wipe is
        // dropped, and new work is stamped with the new epoch.
        await this.learnWipe();
        await this.resumeAll();
      }
    });
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.transitions.then(step);
    this.transitions = next.catch((error: unknown) =>
      this.log?.error({ err: error }, 'reset gate: pausing or resuming work failed'),
    );
    return next;
  }

  /**
   * Dependents first (goals, agents, scheduler, memory stop their own work and record it), the
   * runtime last (it aborts what is left, such as chat loops). Each gets pauseMs: a module
   * that takes longer is logged and the reset goes on.
   */
  private async pauseAll(): Promise<void> {
    for (const quiescer of [...this.quiescers].reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), this.timing.pauseMs);
      });
      const outcome = await Promise.race([quiescer.pause(), late]);
      clearTimeout(timer);
      if (outcome === 'late')
        this.log?.warn({ module: quiescer.name }, 'work still running after the pause limit');
    }
  }

  private async resumeAll(): Promise<void> {
    for (const quiescer of this.quiescers) {
      try {
        await quiescer.resume();
      } catch (error) {
        this.log?.error({ err: error, module: quiescer.name }, 'work did not resume after a reset');
      }
    }
  }

  private async publish(payload: string): Promise<void> {
    await this.notifications?.notify(RESET_CHANNEL, payload).catch((error: unknown) => {
      this.log?.warn({ err: error }, 'reset gate: other replicas not told (they poll the flag)');
    });
  }

  private dropCaches(): void {
    for (const drop of this.cacheDroppers) drop();
  }

  /** Another replica's reset may have wiped: read the fence again, then forget the caches. */
  private async learnWipe(): Promise<void> {
    await this.fence
      .refresh()
      .catch((error: unknown) =>
        this.log?.error({ err: error }, 'reset gate: the reset fence could not be read'),
      );
    this.dropCaches();
  }
}
