import { randomUUID } from 'node:crypto';
import type { KvStore } from '../../store/kv/kv-store.js';

/** Set while a reset runs (refreshed; expires if the resetting process dies). */
export const ACTIVE_KEY = 'reset:active';
/** The last finished run: a replica that sees it change drops its caches. */
export const EPOCH_KEY = 'reset:epoch';
/** How stale a replica's view of the flag may be. */
const POLL_MS = 1_000;

export interface ResetGateTiming {
  /** Lifetime of the flag: how long a dead resetting process keeps other replicas out. */
  activeTtlMs: number;
  refreshMs: number;
}
const DEFAULT_TIMING: ResetGateTiming = { activeTtlMs: 30_000, refreshMs: 10_000 };

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

  constructor(
    private readonly kv: KvStore,
    readonly timing: ResetGateTiming = DEFAULT_TIMING,
  ) {}

  /** Polls the flag in the background, so an idle replica also drops its caches after a reset. */
  watch(): void {
    this.watcher ??= setInterval(() => void this.active().catch(() => {}), POLL_MS * 2);
    this.watcher.unref();
  }

  unwatch(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    if (this.refresh) clearInterval(this.refresh);
    this.refresh = null;
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

  /** True while a reset runs anywhere (another replica's is seen within a second). */
  async active(): Promise<boolean> {
    if (this.localRun) return true;
    if (Date.now() - this.remote.at >= POLL_MS) {
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
      await this.polling;
    }
    return this.remote.active;
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
    for (const quiescer of this.quiescers) await quiescer.pause();
  }

  /** Opens the gate again; on success, tells every replica to drop its caches. */
  async leave(runId: string, wiped: boolean): Promise<void> {
    if (this.refresh) clearInterval(this.refresh);
    this.refresh = null;
    if (wiped) {
      await this.kv.set(EPOCH_KEY, runId);
      this.remote.epoch = runId;
      this.dropCaches();
    }
    if ((await this.kv.get(ACTIVE_KEY)) === `${runId}:${this.token}`)
      await this.kv.delete(ACTIVE_KEY);
    this.localRun = null;
    for (const quiescer of this.quiescers) await quiescer.resume();
  }

  private async poll(): Promise<void> {
    const [active, epoch] = await Promise.all([this.kv.get(ACTIVE_KEY), this.kv.get(EPOCH_KEY)]);
    const first = this.remote.at === 0;
    if (!first && epoch !== this.remote.epoch) this.dropCaches();
    this.remote = { active: active !== null, epoch, at: Date.now() };
  }

  private dropCaches(): void {
    for (const drop of this.cacheDroppers) drop();
  }
}
