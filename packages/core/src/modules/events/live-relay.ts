import type { FastifyBaseLogger } from 'fastify';
import type { KvStore } from '../../store/kv/kv-store.js';
import type { RuntimeEvent, RuntimeEvents } from './runtime-events.js';

const EVENTS_TOPIC = 'live:events';
const WATCH_TOPIC = 'live:watch';
/** A replica with an open feed says so this often; others relay to it for twice as long. */
const ANNOUNCE_MS = 10_000;
const RELAY_FOR_MS = 2 * ANNOUNCE_MS + 5_000;

interface Relayed {
  origin: string;
  event: RuntimeEvent;
}

/**
 * The /live feed of the whole runtime, whichever replica the operator's connection reached: a
 * replica with open feeds announces it on the key-value store, and every replica relays its own
 * events there while someone else watches. Nobody watching (or one replica alone) publishes
 * nothing, so the request path pays for the relay only while a feed is open elsewhere.
 */
export class LiveRelay {
  private readonly watchers = new Set<(event: RuntimeEvent) => void>();
  private announcer: NodeJS.Timeout | undefined;
  private remoteUntil = 0;
  private stopLocal: (() => void) | undefined;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly kv: KvStore,
    private readonly events: RuntimeEvents,
    private readonly replicaId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stops.push(
      await this.kv.subscribe(WATCH_TOPIC, (message) => this.onWatch(message)),
      await this.kv.subscribe(EVENTS_TOPIC, (message) => this.onRelayed(message)),
    );
    // Replicas already watching answer, so this one relays from its first request.
    this.send(WATCH_TOPIC, `hello:${this.replicaId}`);
  }

  stop(): void {
    clearInterval(this.announcer);
    this.stopLocal?.();
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Calls `listener` with this replica's events and those of the others, until unsubscribed. */
  watch(listener: (event: RuntimeEvent) => void): () => void {
    const local = this.events.subscribe(listener);
    this.watchers.add(listener);
    if (this.watchers.size === 1) {
      this.announce();
      this.announcer = setInterval(() => this.announce(), ANNOUNCE_MS);
      this.announcer.unref();
    }
    return () => {
      local();
      this.watchers.delete(listener);
      if (this.watchers.size === 0) clearInterval(this.announcer);
    };
  }

  private announce(): void {
    this.send(WATCH_TOPIC, `watching:${this.replicaId}`);
  }

  private onWatch(message: string | null): void {
    // null: messages may have been lost while the store was away; ask again who watches.
    if (message === null) {
      this.send(WATCH_TOPIC, `hello:${this.replicaId}`);
      return;
    }
    const [kind, origin] = message.split(/:(.*)/s);
    if (origin === this.replicaId) return;
    if (kind === 'hello' && this.watchers.size > 0) this.announce();
    if (kind !== 'watching') return;
    this.remoteUntil = Date.now() + RELAY_FOR_MS;
    this.stopLocal ??= this.events.subscribe((event) => this.relay(event));
  }

  private relay(event: RuntimeEvent): void {
    if (Date.now() > this.remoteUntil) {
      this.stopLocal?.();
      this.stopLocal = undefined;
      return;
    }
    this.send(EVENTS_TOPIC, JSON.stringify({ origin: this.replicaId, event } satisfies Relayed));
  }

  private onRelayed(message: string | null): void {
    if (message === null || this.watchers.size === 0) return;
    let relayed: Relayed;
    try {
      relayed = JSON.parse(message) as Relayed;
    } catch {
      return;
    }
    if (relayed.origin === this.replicaId) return;
    for (const watcher of this.watchers) {
      try {
        watcher(relayed.event);
      } catch {
        // A broken feed must not stop the others.
      }
    }
  }

  private send(topic: string, message: string): void {
    this.kv.publish(topic, message).catch((error) => {
      this.log.debug({ err: error }, 'live relay could not publish');
    });
  }
}
