import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import { redactValue } from '../../security/redact.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { SkillSimulation } from '../skills/skill.js';
import type { ConfirmationsRepository } from './confirmations.repository.js';
import type { Confirmation } from './confirmations.schema.js';

/** How often a waiter looks for a decision taken by another replica. */
const POLL_MS = 1_000;

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
}

export interface Decision {
  decision: 'approved' | 'denied';
  decidedBy: string;
}

/**
 * Operator confirmations for skills the autonomy mode gates. A confirmation is a row, so any
 * replica can decide it; the waiting run wakes at once when the decision is taken in this
 * process, or within a second when another replica takes it. Unanswered ones are denied.
 */
export class ConfirmationService {
  private readonly waiters = new Map<string, (decision: Decision) => void>();

  constructor(
    private readonly repository: ConfirmationsRepository,
    private readonly audit: AuditService,
    private readonly events: RuntimeEvents,
    /** Read when a confirmation is created: the operator may change it at run time. */
    private readonly timeoutMs: () => Promise<number>,
    private readonly log: FastifyBaseLogger,
  ) {}

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
      expires_at: new Date(Date.now() + (await this.timeoutMs())),
    });
    this.events.emit('confirmation-request', {
      confirmation_id: confirmation.confirmation_id,
      request_id: confirmation.request_id,
      skill: confirmation.skill,
      level: confirmation.level,
      tainted: confirmation.tainted_by !== null,
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
      const poll = setInterval(() => {
        this.repository.get(id).then(
          (row) => {
            if (row && row.status !== 'pending')
              finish({ decision: row.status, decidedBy: row.decided_by ?? 'unknown' });
          },
          (error) => this.log.warn({ err: error }, 'confirmation poll failed'),
        );
      }, POLL_MS);
      poll.unref();
      this.waiters.set(id, finish);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    if (decision !== 'timeout' && decision !== 'cancelled') return decision;
    // Nobody answered in time (or the run ended): deny it, unless a decision landed meanwhile.
    const outcome = await this.decideInternal(id, 'denied', decision).catch(() => null);
    const row = outcome?.row;
    if (row && row.status !== 'pending')
      return { decision: row.status, decidedBy: row.decided_by ?? decision };
    return { decision: 'denied', decidedBy: decision };
  }

  /** The operator's approve or deny; 404 for an unknown id, 409 when it is no longer pending. */
  async decide(id: string, decision: 'approved' | 'denied', actor: string): Promise<Confirmation> {
    const outcome = await this.decideInternal(id, decision, actor);
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
    return { row: decided, changed: true };
  }
}
