import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { KvStore } from '../../store/kv/kv-store.js';
import { parseJsonWith } from '../../util/json.js';

export const BREAKER_STATES = ['CLOSED', 'OPEN', 'HALF_OPEN'] as const;
export type BreakerStateName = (typeof BREAKER_STATES)[number];

/** What is stored under `cb:state:{integration_id}`: JSON, shared by every replica. */
const storedSchema = z.object({
  state: z.enum(BREAKER_STATES),
  /** Consecutive failures (while CLOSED; kept for the record while OPEN). */
  failures: z.number().int().min(0),
  /** When the circuit last opened (epoch ms); the recovery timeout counts from here. */
  opened_at: z.number().nullable(),
  /** The one probe call HALF_OPEN lets through, and when its lease runs out. */
  probe: z.object({ id: z.string(), until: z.number() }).nullable(),
  changed_at: z.number(),
});
type Stored = z.infer<typeof storedSchema>;

const CLOSED: Stored = {
  state: 'CLOSED',
  failures: 0,
  opened_at: null,
  probe: null,
  changed_at: 0,
};

export const breakerKey = (integrationId: string) => `cb:state:${integrationId}`;

export interface BreakerView {
  /** OPEN whose recovery timeout has run out shows as HALF_OPEN: the next call is the probe. */
  state: BreakerStateName;
  failures: number;
  opened_at: string | null;
  /** Seconds until a call may go through; 0 when one may now. */
  retry_after: number;
}

/**
 * A call let through: `probe` is set when it is HALF_OPEN's one probe; `clean` when it was let
 * through CLOSED with no failures counted, so that its success has nothing to change.
 */
export type Admission =
  | { allowed: true; probe: string | null; clean?: boolean }
  | { allowed: false; retryAfterMs: number };

export interface BreakerOptions {
  /** Consecutive failures that open the circuit (CB_FAILURE_THRESHOLD). */
  threshold: number;
  /** Time an open circuit waits before it lets a probe through (CB_RECOVERY_TIMEOUT). */
  recoveryMs: number;
  /** How long a probe may take before another replica may probe instead (its process died). */
  probeLeaseMs: number;
  /** Told once per transition, by the replica that made it. */
  onTransition?: (integrationId: string, from: BreakerStateName, to: BreakerStateName) => void;
  /** Told the state this replica last saw, for the state gauge. */
  onObserve?: (integrationId: string, state: BreakerStateName) => void;
  /** Told after every write of a state, so copies of it kept elsewhere are dropped. */
  onChange?: (integrationId: string) => Promise<void>;
  now?: () => number;
}

/** Attempts at a read-decide-compare-and-set round before giving up on a very contended key. */
const ROUNDS = 20;

/**
 * The circuit breaker of DECISIONS, kept in the key-value store so that it survives restarts and
 * every replica shares it: CLOSED opens after `threshold` consecutive failures; OPEN lets one
 * probe through once `recoveryMs` has passed (HALF_OPEN); the probe's success closes it, its
 * failure opens it again with a fresh timeout. Every change is a compare-and-set of the whole
 * state, so of two replicas that race for the probe exactly one gets it.
 */
export class CircuitBreaker {
  private readonly now: () => number;

  constructor(
    private readonly kv: KvStore,
    private readonly options: BreakerOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async view(integrationId: string): Promise<BreakerView> {
    const { state } = await this.read(integrationId);
    const now = this.now();
    let shown: BreakerStateName = state.state;
    let wait = 0;
    if (state.state === 'OPEN') {
      wait = (state.opened_at ?? 0) + this.options.recoveryMs - now;
      if (wait <= 0) shown = 'HALF_OPEN';
    } else if (state.state === 'HALF_OPEN' && state.probe) wait = state.probe.until - now;
    return {
      state: shown,
      failures: state.failures,
      opened_at: state.opened_at === null ? null : new Date(state.opened_at).toISOString(),
      retry_after: wait > 0 ? Math.ceil(wait / 1000) : 0,
    };
  }

  /** `stored`: the state's raw value, when the caller read it already (with other keys). */
  async admit(integrationId: string, stored?: string | null): Promise<Admission> {
    for (let round = 0; round < ROUNDS; round++) {
      const { raw, state } =
        round === 0 && stored !== undefined
          ? this.parse(integrationId, stored)
          : await this.read(integrationId);
      const now = this.now();
      if (state.state === 'CLOSED')
        return { allowed: true, probe: null, clean: state.failures === 0 };
      if (state.state === 'OPEN') {
        const wait = (state.opened_at ?? 0) + this.options.recoveryMs - now;
        if (wait > 0) return { allowed: false, retryAfterMs: wait };
      } else if (state.probe && state.probe.until > now) {
        return { allowed: false, retryAfterMs: state.probe.until - now };
      }
      // Recovery is due (or the last probe's replica never reported): try to be the probe.
      const probe = randomUUID();
      const next: Stored = {
        ...state,
        state: 'HALF_OPEN',
        probe: { id: probe, until: now + this.options.probeLeaseMs },
        changed_at: now,
      };
      if (await this.write(integrationId, raw, next, state.state)) return { allowed: true, probe };
    }
    return { allowed: false, retryAfterMs: 1_000 };
  }

  async success(integrationId: string, admission: Admission): Promise<void> {
    // A clean admission's success changes nothing: no read. (A failure counted meanwhile by a
    // call admitted later stays counted, as it came after this call started.)
    if (!admission.allowed || admission.clean) return;
    await this.update(integrationId, (state) => {
      if (admission.probe) {
        if (state.state !== 'HALF_OPEN' || state.probe?.id !== admission.probe) return null;
        return { ...CLOSED };
      }
      return state.state === 'CLOSED' && state.failures > 0 ? { ...CLOSED } : null;
    });
  }

  async failure(integrationId: string, admission: Admission): Promise<void> {
    if (!admission.allowed) return;
    const open = (state: Stored): Stored => ({
      ...state,
      state: 'OPEN',
      opened_at: this.now(),
      probe: null,
    });
    await this.update(integrationId, (state) => {
      if (admission.probe) {
        if (state.state !== 'HALF_OPEN' || state.probe?.id !== admission.probe) return null;
        return open(state);
      }
      if (state.state !== 'CLOSED') return null;
      const failures = state.failures + 1;
      return failures >= this.options.threshold
        ? open({ ...state, failures })
        : { ...state, failures };
    });
  }

  /** The operator's reset: CLOSED with no failures, whatever the state was. */
  async reset(integrationId: string): Promise<BreakerView> {
    const { state } = await this.read(integrationId);
    await this.kv.set(
      breakerKey(integrationId),
      JSON.stringify({ ...CLOSED, changed_at: this.now() }),
    );
    await this.options.onChange?.(integrationId);
    if (state.state !== 'CLOSED') this.options.onTransition?.(integrationId, state.state, 'CLOSED');
    this.options.onObserve?.(integrationId, 'CLOSED');
    return this.view(integrationId);
  }

  private async update(integrationId: string, decide: (state: Stored) => Stored | null) {
    for (let round = 0; round < ROUNDS; round++) {
      const { raw, state } = await this.read(integrationId);
      const next = decide(state);
      if (!next) return;
      if (await this.write(integrationId, raw, { ...next, changed_at: this.now() }, state.state))
        return;
    }
  }

  private async write(
    integrationId: string,
    raw: string | null,
    next: Stored,
    from: BreakerStateName,
  ) {
    const written = await this.kv.compareAndSet(
      breakerKey(integrationId),
      raw,
      JSON.stringify(next),
    );
    if (written) await this.options.onChange?.(integrationId);
    if (written && next.state !== from)
      this.options.onTransition?.(integrationId, from, next.state);
    if (written) this.options.onObserve?.(integrationId, next.state);
    return written;
  }

  private async read(integrationId: string): Promise<{ raw: string | null; state: Stored }> {
    return this.parse(integrationId, await this.kv.get(breakerKey(integrationId)));
  }

  private parse(integrationId: string, raw: string | null): { raw: string | null; state: Stored } {
    // Unreadable state (written by a future version, or damaged) counts as CLOSED, and the next
    // change replaces it; a breaker must never keep an integration shut on a parse error.
    const state = raw === null ? CLOSED : (parseJsonWith(storedSchema, raw) ?? CLOSED);
    this.options.onObserve?.(integrationId, state.state);
    return { raw, state };
  }
}
