import type { FastifyBaseLogger } from 'fastify';
import { AppError, ConflictError, NotFoundError } from '../../errors/app-error.js';
import { redactValue } from '../../security/redact.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { LazySubscription } from '../../store/kv/lazy-subscription.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { TaintEvidence } from '../runtime/run-trace.js';
import type { SkillSimulation } from '../skills/skill.js';
import type { ConfirmationsRepository } from './confirmations.repository.js';
import type { Confirmation } from './confirmations.schema.js';

/** Decisions are announced here, so the replica whose run waits wakes at once. */
const DECIDED_TOPIC = 'confirmations:decided';
/**
 * How often a waiter reads its row anyway, should an announcement be lost (publishing is at most
 * once); a lost subscription already makes every waiter read its row when it is back.
 */
const POLL_MS = 10_000;

export interface ConfirmationRequest {
  requestId: string;
  chatId: string | null;
  goalId: string | null;
  skill: string;
  level: string;
  input: unknown;
  simulation: SkillSimulation | null;
  /** The untrusted sources that made a tainted run ask (null: the autonomy mode asked). */
  taintedBy: string[] | null;
  /** What the input guard found in each of them, for the operator to read. */
  taintEvidence?: TaintEvidence[] | null;
}

/** Whether approving needs the operator to say they read the input guard's warning. */
export const needsAcknowledgement = (confirmation: Pick<Confirmation, 'taint_evidence'>) =>
  (confirmation.taint_evidence ?? []).some((evidence) => evidence.flagged);

export interface Decision {
  decision: 'approved' | 'denied';
  decidedBy: string;
}

/**
 * Operator confirmations for skills the autonomy mode gates. A confirmation is a row, so any
 * replica can decide it; the replica that decides announces it on the key-value store, and the
 * one whose run waits wakes at once (or at its next read of the row, should the announcement be
 * lost). Unanswered ones are denied.
 */
export class ConfirmationService {
  private readonly waiters = new Map<string, (decision: Decision) => void>();
  private readonly decided: LazySubscription;

  constructor(
    private readonly repository: ConfirmationsRepository,
    private readonly kv: KvStore,
    private readonly audit: AuditService,
    private readonly events: RuntimeEvents,
    /** Read when a confirmation is created: the operator may change it at run time. */
    private readonly timeoutMs: () => Promise<number>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.decided = new LazySubscription(kv, DECIDED_TOPIC, (id) => {
      // null: announcements may have been lost, so every waiter reads its row.
      for (const waiting of id === null ? [...this.waiters.keys()] : [id])
        if (this.waiters.has(waiting)) void this.readDecision(waiting);
    });
  }

  async request(request: ConfirmationRequest): Promise<Confirmation> {
    const confirmation = await this.repository.insert({
      confirmation_id: uuidv7(),
      request_id: request.requestId,
      chat_id: request.chatId,
      goal_id: request.goalId,
      skill: request.skill,
      level: request.level,
      input: redactValue(request.input),
      simulation: request.simulation ? redactValue(request.simulation) : null,
      tainted_by: request.taintedBy ? redactValue(request.taintedBy) : null,
      taint_evidence: request.taintEvidence ? redactValue(request.taintEvidence) : null,
      expires_at: new Date(Date.now() + (await this.timeoutMs())),
    });
    this.events.emit('confirmation-request', {
      confirmation_id: confirmation.confirmation_id,
      request_id: confirmation.request_id,
      skill: confirmation.skill,
      level: confirmation.level,
      tainted: confirmation.tainted_by !== null,
      flagged: needsAcknowledgement(confirmation),
    });
    return confirmation;
  }

  /**
   * Resolves with the operator's decision; a timeout denies (decided_by `timeout`) and so does
   * an aborted run (decided_by `cancelled`), so no confirmation stays pending for a dead run.
   */
  async waitForDecision(confirmation: Confirmation, signal: AbortSignal): Promise<Decision> {
    const id = confirmation.confirmation_id;
    const remaining = Date.parse(confirmation.expires_at) - Date.now();
    // Not awaited: with the store away, the run still learns of decisions by reading its row.
    void this.listen();
    const decision = await new Promise<Decision | 'timeout' | 'cancelled'>((resolve) => {
      const finish = (outcome: Decision | 'timeout' | 'cancelled') => {
        clearTimeout(timer);
        clearInterval(poll);
        signal.removeEventListener('abort', onAbort);
        this.waiters.delete(id);
        resolve(outcome);
      };
      const onAbort = () => finish('cancelled');
      const timer = setTimeout(() => finish('timeout'), Math.max(0, remaining));
      const poll = setInterval(() => void this.readDecision(id), POLL_MS);
      poll.unref();
      this.waiters.set(id, finish);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      // Decided before this run started waiting (on another replica, whose announcement is gone).
      void this.readDecision(id);
    });
    if (decision !== 'timeout' && decision !== 'cancelled') return decision;
    // Nobody answered in time (or the run ended): deny it, unless a decision landed meanwhile.
    const outcome = await this.decideInternal(id, 'denied', decision).catch(() => null);
    const row = outcome?.row;
    if (row && row.status !== 'pending')
      return { decision: row.status, decidedBy: row.decided_by ?? decision };
    return { decision: 'denied', decidedBy: decision };
  }

  /** Hears decisions other replicas announce (again, if it failed before); false meanwhile. */
  async listen(): Promise<boolean> {
    const ready = await this.decided.ready();
    if (!ready) this.log.warn('decisions of other replicas reach waiting runs by polling only');
    return ready;
  }

  /** Wakes the waiter of `id` if its row holds a decision. */
  private async readDecision(id: string): Promise<void> {
    try {
      const row = await this.repository.get(id);
      if (row && row.status !== 'pending')
        this.waiters.get(id)?.({ decision: row.status, decidedBy: row.decided_by ?? 'unknown' });
    } catch (error) {
      this.log.warn({ err: error }, 'confirmation read failed');
    }
  }

  /**
   * The operator's approve or deny; 404 for an unknown id, 409 when it is no longer pending. A
   * call that follows content the input guard flagged is approved only with `acknowledged`
   * (the operator said they read the warning): 400 warning_not_acknowledged otherwise.
   */
  async decide(
    id: string,
    decision: 'approved' | 'denied',
    actor: string,
    acknowledged = false,
  ): Promise<Confirmation> {
    if (decision === 'approved' && !acknowledged) {
      const row = await this.repository.get(id);
      if (row && row.status === 'pending' && needsAcknowledgement(row))
        throw new AppError(
          400,
          'warning_not_acknowledged',
          'This call follows content the input guard flagged as an injection attempt: read the warning and approve with acknowledge_warning: true',
        );
    }
    const outcome = await this.decideInternal(id, decision, actor, acknowledged);
    if (!outcome) throw new NotFoundError('No such confirmation');
    if (!outcome.changed)
      throw new ConflictError(
        'invalid_transition',
        `This confirmation is already ${outcome.row.status}`,
      );
    return outcome.row;
  }

  /** 404 for an unknown id. */
  async get(id: string): Promise<Confirmation> {
    const row = await this.repository.get(id);
    if (!row) throw new NotFoundError('No such confirmation');
    return row;
  }

  list(status: Confirmation['status'] | undefined, limit: number): Promise<Confirmation[]> {
    return this.repository.list(status, limit);
  }

  forRequests(requestIds: string[]): Promise<Confirmation[]> {
    return this.repository.forRequests(requestIds);
  }

  /** Denies confirmations left pending by a process that stopped while its run waited. */
  async expireOverdue(): Promise<number> {
    const ids = await this.repository.overdue();
    for (const id of ids) await this.decideInternal(id, 'denied', 'timeout');
    return ids.length;
  }

  /**
   * Takes the decision if the confirmation is still pending, audits it and wakes the waiter.
   * Returns the row as it now stands and whether this call decided it; null when unknown.
   */
  private async decideInternal(
    id: string,
    decision: 'approved' | 'denied',
    decidedBy: string,
    acknowledged = false,
  ): Promise<{ row: Confirmation; changed: boolean } | null> {
    const decided = await this.repository.decide(id, decision, decidedBy);
    if (!decided) {
      const row = await this.repository.get(id);
      return row ? { row, changed: false } : null;
    }
    this.audit.record({
      action: `confirmation.${decision === 'approved' ? 'approve' : 'deny'}`,
      actor: decidedBy,
      target: decided.skill,
      detail: {
        confirmation_id: id,
        level: decided.level,
        input: decided.input,
        ...(decided.tainted_by ? { tainted_by: decided.tainted_by } : {}),
        ...(needsAcknowledgement(decided) ? { warning_acknowledged: acknowledged } : {}),
      },
      goal_id: decided.goal_id,
      request_id: decided.request_id,
    });
    this.events.emit('confirmation-decide', {
      confirmation_id: id,
      request_id: decided.request_id,
      skill: decided.skill,
      decision,
      decided_by: decidedBy,
    });
    this.waiters.get(id)?.({ decision, decidedBy });
    // The run may wait on another replica.
    await this.kv
      .publish(DECIDED_TOPIC, id)
      .catch((error) => this.log.warn({ err: error }, 'confirmation decision not announced'));
    return { row: decided, changed: true };
  }
}
