import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { redactValue } from '../../security/redact.js';
import type { Database } from '../../store/database.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { QUEUES } from '../../store/queues.js';
import { parseJsonWith } from '../../util/json.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { RuntimeEvents } from './runtime-events.js';
import './event-log.tables.js';

/** Something that happened outside a request: a feed item, a monitor change, a reminder due. */
export interface AgentEvent {
  /** Dotted, noun first: `feed.item`, `monitor.down`, `price.crossed`, `reminder.due`. */
  kind: string;
  /** What raised it: a subscription, monitor or schedule id. */
  source: string;
  title: string;
  detail?: Record<string, unknown>;
  /** Also tell the operator (a notification in the dashboard). */
  notify?: boolean;
}

const queuedEvent = z.object({
  event_id: z.string(),
  kind: z.string(),
  source: z.string(),
  title: z.string(),
  detail: z.record(z.string(), z.unknown()),
  notify: z.boolean(),
});
type QueuedEvent = z.infer<typeof queuedEvent>;

/** Raising an event announces it here, so a running dispatcher on any replica delivers it at once. */
const QUEUED_TOPIC = 'events-queued';
/** Polls for what no announcement reached (a replica died between its push and its message). */
const FALLBACK_MS = 5_000;
/** Polls while not subscribed (the key-value store is down), as if nothing were announced. */
const UNSUBSCRIBED_TICK_MS = 250;
const BATCH = 100;

/**
 * Events travel through two queues in the key-value store, so any replica may raise one and any
 * replica deliver it: `events_incoming` (raised, not yet logged) and `events_outgoing` (logged,
 * to be shown to the operator). The dispatcher drains both into the event log and the
 * notifications, and announces each on the live feed. Inserts are idempotent by id.
 */
export class EventQueue {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  /** Asked to drain while a drain was under way: that one may have passed the new event. */
  private drainAgain = false;
  private running = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly kv: KvStore,
    private readonly db: Kysely<Database>,
    private readonly live: RuntimeEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues an event and returns its id; redacted before it leaves the caller. */
  async publish(event: AgentEvent): Promise<string> {
    const queued: QueuedEvent = {
      event_id: uuidv7(),
      kind: event.kind,
      source: event.source,
      title: event.title,
      detail: redactValue(event.detail ?? {}),
      notify: event.notify ?? false,
    };
    await this.kv.push(QUEUES.eventsIncoming, JSON.stringify(queued));
    // Delivered at the fallback poll if the announcement is lost.
    await this.kv.publish(QUEUED_TOPIC, queued.event_id).catch(() => {});
    return queued.event_id;
  }

  /** Delivers events as they are announced, and polls seldom for any that were not. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const unsubscribe = await this.kv.subscribe(QUEUED_TOPIC, () => {
        if (this.running) void this.drain();
      });
      if (this.running) this.unsubscribe = unsubscribe;
      else unsubscribe();
    } catch (error) {
      this.log.warn({ err: error }, 'event announcements not heard; polling for events');
    }
    this.tick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.draining;
  }

  /** Delivers what is queued now; tests call it to avoid waiting for an announcement. */
  drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.drainAgain = false;
        await this.drainOnce().catch((error) =>
          this.log.warn({ err: error }, 'event delivery failed; retrying'),
        );
      } while (this.drainAgain);
    })().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private tick(): void {
    if (!this.running) return;
    this.timer = setTimeout(
      () => void this.drain().finally(() => this.tick()),
      this.unsubscribe ? FALLBACK_MS : UNSUBSCRIBED_TICK_MS,
    );
    this.timer.unref();
  }

  private async drainOnce(): Promise<void> {
    for (let i = 0; i < BATCH; i++) {
      const event = await this.take(QUEUES.eventsIncoming);
      if (!event) break;
      await this.db
        .insertInto('event_log')
        .values({
          event_id: event.event_id,
          kind: event.kind,
          source: event.source,
          title: event.title,
          detail: JSON.stringify(event.detail),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      this.live.emit('event-receive', {
        event_id: event.event_id,
        kind: event.kind,
        source: event.source,
        title: event.title,
      });
      if (event.notify) await this.kv.push(QUEUES.eventsOutgoing, JSON.stringify(event));
    }
    for (let i = 0; i < BATCH; i++) {
      const event = await this.take(QUEUES.eventsOutgoing);
      if (!event) break;
      const notificationId = uuidv7();
      const inserted = await this.db
        .insertInto('notifications')
        .values({
          notification_id: notificationId,
          event_id: event.event_id,
          kind: event.kind,
          title: event.title,
          detail: JSON.stringify(event.detail),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('notification_id')
        .executeTakeFirst();
      if (inserted)
        this.live.emit('notification-send', {
          notification_id: notificationId,
          kind: event.kind,
          title: event.title,
        });
    }
  }

  private async take(queue: string): Promise<QueuedEvent | null> {
    for (;;) {
      const raw = await this.kv.pop(queue);
      if (raw === null) return null;
      const event = parseJsonWith(queuedEvent, raw);
      if (event) return event;
      this.log.warn({ queue }, 'dropped an unreadable queued event');
    }
  }
}
