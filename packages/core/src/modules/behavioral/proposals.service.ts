import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { AgentEvent } from '../events/event-queue.js';
import {
  type Proposal,
  type ProposalEdits,
  type Rule,
  ruleCreateSchema,
} from './behavioral.schema.js';
import { parsed } from './behavioral.service.js';
import type { DetectedCorrection } from './correction.js';
import type { ProposalsRepository } from './proposals.repository.js';

/** Confidence of a rule learned from a correction, until the operator says otherwise. */
export const CORRECTION_CONFIDENCE = 0.6;

export interface ProposalDependencies {
  proposals: ProposalsRepository;
  audit: AuditService;
  /** Raises an event for the operator (event log and a notification). */
  publish(event: AgentEvent): Promise<string>;
  /** Called after an approval made a rule, so the rules cache forgets what it held. */
  rulesChanged(): Promise<void>;
  log: FastifyBaseLogger;
}

/** Rules proposed from the operator's corrections, and the operator's decisions on them. */
export class ProposalService {
  constructor(private readonly deps: ProposalDependencies) {}

  pending(limit: number): Promise<Proposal[]> {
    return this.deps.proposals.pending(limit);
  }

  pendingCount(): Promise<number> {
    return this.deps.proposals.pendingCount();
  }

  /** Stores a proposal from a correction; null when the same one was proposed before. */
  async propose(
    correction: DetectedCorrection,
    context: { message: string; chatId: string | null; actor: string },
  ): Promise<Proposal | null> {
    const proposal = await this.deps.proposals.insert({
      proposal_id: uuidv7(),
      fingerprint: correction.fingerprint,
      text: correction.text,
      trigger: correction.trigger,
      confidence: CORRECTION_CONFIDENCE,
      correction: context.message.slice(0, 500),
      chat_id: context.chatId,
      created_by: context.actor,
    });
    if (!proposal) return null;
    this.deps.audit.record({
      action: 'behavioral.rule_propose',
      actor: context.actor,
      target: proposal.proposal_id,
      detail: { text: proposal.text, trigger: proposal.trigger, chat_id: proposal.chat_id },
    });
    await this.deps
      .publish({
        kind: 'behavioral.proposal',
        source: proposal.proposal_id,
        title: `Rule proposed from a correction: ${proposal.text.slice(0, 100)}`,
        detail: { proposal_id: proposal.proposal_id, text: proposal.text },
        notify: true,
      })
      .catch((error) => this.deps.log.warn({ err: error }, 'proposal event not published'));
    return proposal;
  }

  /** The proposal becomes an enabled rule (with the operator's edits); 409 unless pending. */
  async approve(
    proposalId: string,
    edits: ProposalEdits,
    actor: string,
    requestId: string | null,
  ): Promise<{ proposal: Proposal; rule: Rule }> {
    const proposal = await this.proposal(proposalId);
    if (proposal.status !== 'pending') throw this.notPending(proposal);
    const rule = parsed(ruleCreateSchema, {
      text: edits.text ?? proposal.text,
      trigger: edits.trigger ?? proposal.trigger,
      confidence: edits.confidence ?? proposal.confidence,
      enabled: true,
    });
    const approved = await this.deps.proposals.approve(
      proposalId,
      { rule_id: uuidv7(), ...rule, source: 'correction', created_by: actor },
      actor,
    );
    if (!approved) throw this.notPending(await this.proposal(proposalId));
    await this.deps.rulesChanged();
    this.deps.audit.record({
      action: 'behavioral.rule_approve',
      actor,
      target: approved.rule.rule_id,
      detail: {
        proposal_id: proposalId,
        text: approved.rule.text,
        trigger: approved.rule.trigger,
        confidence: approved.rule.confidence,
        edited: Object.values(edits).some((value) => value !== undefined),
      },
      request_id: requestId,
    });
    return approved;
  }

  async reject(proposalId: string, actor: string, requestId: string | null): Promise<Proposal> {
    const rejected = await this.deps.proposals.reject(proposalId, actor);
    if (!rejected) throw this.notPending(await this.proposal(proposalId));
    this.deps.audit.record({
      action: 'behavioral.rule_reject',
      actor,
      target: proposalId,
      detail: { text: rejected.text, trigger: rejected.trigger },
      request_id: requestId,
    });
    return rejected;
  }

  private async proposal(proposalId: string): Promise<Proposal> {
    const proposal = await this.deps.proposals.get(proposalId);
    if (!proposal) throw new NotFoundError('No such proposal');
    return proposal;
  }

  private notPending(proposal: Proposal): ConflictError {
    return new ConflictError('invalid_transition', `This proposal is already ${proposal.status}`);
  }
}
