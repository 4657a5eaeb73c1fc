import { EventEmitter } from 'node:events';

/**
 * The runtime's live events, as the /live feed sends them. Names are noun-verb; every payload
 * carries `ts` and only redacted, operator-safe fields.
 */
export interface RuntimeEventMap {
  'request-start': { request_id: string; chat_id: string | null; actor: string; preview: string };
  'request-finish': {
    request_id: string;
    chat_id: string | null;
    tier: string;
    status: 'ok' | 'error' | 'cancelled';
    latency_ms: number;
  };
  'skill-start': { request_id: string; skill: string; level: string; step: number };
  'skill-finish': {
    request_id: string;
    skill: string;
    step: number;
    status: 'done' | 'error' | 'denied';
    duration_ms: number;
  };
  'confirmation-request': {
    confirmation_id: string;
    request_id: string;
    skill: string;
    level: string;
    /** Asked because the run read untrusted content (not only because of the mode). */
    tainted: boolean;
    /** And the input guard flagged some of that content: approving needs the warning read. */
    flagged: boolean;
  };
  'confirmation-decide': {
    confirmation_id: string;
    request_id: string;
    skill: string;
    decision: 'approved' | 'denied';
    decided_by: string;
  };
  'autonomy-change': { mode: string; previous: string; actor: string };
  'goal-change': { goal_id: string; status: string; reason: string | null };
  'task-start': { goal_id: string; task_id: string; title: string; attempt: number };
  'task-finish': {
    goal_id: string;
    task_id: string;
    status: string;
    duration_ms: number;
    error: string | null;
  };
  'agent-change': { agent_id: string; name: string; status: string };
  'schedule-run': { schedule_id: string; kind: string; name: string; status: string };
  'event-receive': { event_id: string; kind: string; source: string; title: string };
  'notification-send': { notification_id: string; kind: string; title: string };
  'proposal-change': { proposal_id: string; path: string; status: string };
  'integration-call': {
    integration_id: string;
    action: string;
    source: string;
    status: 'ok' | 'error';
    error: string | null;
    duration_ms: number;
  };
  'integration-breaker': { integration_id: string; from: string; to: string };
  error: { request_id: string | null; code: string; message: string };
}

export type RuntimeEventName = keyof RuntimeEventMap;
export const RUNTIME_EVENT_NAMES = [
  'request-start',
  'request-finish',
  'skill-start',
  'skill-finish',
  'confirmation-request',
  'confirmation-decide',
  'autonomy-change',
  'goal-change',
  'task-start',
  'task-finish',
  'agent-change',
  'schedule-run',
  'event-receive',
  'notification-send',
  'proposal-change',
  'integration-call',
  'integration-breaker',
  'error',
] as const satisfies readonly RuntimeEventName[];

export interface RuntimeEvent<N extends RuntimeEventName = RuntimeEventName> {
  name: N;
  data: RuntimeEventMap[N] & { ts: string };
}

/**
 * In-process event bus: events are not stored, and a listener that throws never disturbs the
 * work that emitted the event. The /live feed adds the other replicas' events (LiveRelay).
 */
export class RuntimeEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Each open /live connection is one listener; hundreds are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  emit<N extends RuntimeEventName>(name: N, data: RuntimeEventMap[N]): void {
    // Most requests have no one watching: the event is not even built then.
    if (this.emitter.listenerCount('event') === 0) return;
    const event = { name, data: { ...data, ts: new Date().toISOString() } } as RuntimeEvent;
    try {
      this.emitter.emit('event', event);
    } catch {
      // A broken listener must not fail the request that emitted.
    }
  }

  /** Calls `listener` for every event until the returned function is called. */
  subscribe(listener: (event: RuntimeEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
