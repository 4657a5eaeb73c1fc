import type { FastifyBaseLogger } from 'fastify';
import { AppError, ConflictError, NotFoundError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEventMap, RuntimeEvents } from '../events/runtime-events.js';
import type { WorkGauge } from '../health/work-gauge.js';
import type { AgentRuntime, ChatResult } from '../runtime/runtime.service.js';
import { chatIdFor } from './agent-rows.js';
import type { AgentRunsRepository, ClaimResult } from './agent-runs.repository.js';
import { type Agent, MAX_DELEGATION_DEPTH } from './agents.schema.js';
import type { MessageOrigin } from './agents.tables.js';

export interface Delegation {
  agentId: string;
  text: string;
  /** Who sends the work, and their name as the log shows it. */
  from: MessageOrigin;
  sender: string;
  /** The operator's user name, or `agent` for autonomous work (audit rows, the trace). */
  actor: string;
  /** Delegations that led here, this one included: 1 when the operator or the main agent asks. */
  depth: number;
  /** The untrusted sources the delegating run had read: the agent's run starts tainted by them. */
  taintedBy?: readonly string[];
  signal: AbortSignal;
}

export interface DelegationResult extends ChatResult {
  agent: Agent;
}

export interface AgentRunnerDependencies {
  runs: AgentRunsRepository;
  runtime: Pick<AgentRuntime, 'handle'>;
  mainAgentName(): Promise<string>;
  audit: AuditService;
  events: RuntimeEvents;
  announce(agent: Pick<Agent, 'agent_id' | 'name' | 'status'>): void;
  log: FastifyBaseLogger;
  /** How long a run's claim holds without renewal; renewed every third of it. */
  leaseMs: number;
  /** Counts the runs in this process as active work (the CPI's agent_runs). */
  work: WorkGauge;
}

/** Refused past MAX_DELEGATION_DEPTH, so agents delegating to agents cannot recurse forever. */
export class DelegationDepthError extends AppError {
  constructor(depth: number) {
    super(
      409,
      'delegation_too_deep',
      `Delegation refused: this would be delegation level ${depth}, and at most ${MAX_DELEGATION_DEPTH} levels are allowed. Do the work yourself or report back.`,
    );
  }
}

/** The one line of standing instructions that makes the runtime act as this sub-agent. */
export function instructionsFor(agent: Agent, mainAgentName: string): string {
  const objective = agent.objective.replace(/\s+/g, ' ').trim();
  const sentence = /[.!?]$/.test(objective) ? objective : `${objective}.`;
  return `You are ${agent.name}, a sub-agent of ${mainAgentName}. Your objective: ${sentence} Priority ${agent.priority} (1-10, 10 most urgent).`;
}

interface ActiveRun {
  runId: string;
  controller: AbortController;
  done: Promise<unknown>;
}

/**
 * Runs delegated work through the agent runtime, in the agent's own conversation and with its
 * role as standing instructions. The agent is running while it works (one run at a time, across
 * replicas), idle after, in error when the run failed; stopping or deleting it cancels the run.
 */
export class AgentRunner {
  private readonly active = new Map<string, ActiveRun>();

  constructor(private readonly deps: AgentRunnerDependencies) {}

  get activeRuns(): number {
    return this.active.size;
  }

  /** Cancels the agent's run on this replica; other replicas notice at their next renewal. */
  cancel(agentId: string, reason: 'stopped' | 'deleted'): void {
    this.active.get(agentId)?.controller.abort(new Error(`the agent was ${reason}`));
  }

  /** Cancels every run of this replica and waits for them to settle (at shutdown). */
  async close(): Promise<void> {
    const runs = [...this.active.values()];
    for (const run of runs) run.controller.abort(new Error('shutting down'));
    await Promise.allSettled(runs.map((run) => run.done));
  }

  async delegate(delegation: Delegation): Promise<DelegationResult> {
    if (delegation.depth > MAX_DELEGATION_DEPTH) throw new DelegationDepthError(delegation.depth);
    const { deps } = this;
    const mainName = await deps.mainAgentName();
    const runId = uuidv7();
    const claim = await deps.runs.claim(delegation.agentId, runId, deps.leaseMs, {
      origin: delegation.from,
      sender: delegation.sender,
      text: redactText(delegation.text),
    });
    if (claim.outcome !== 'claimed') throw refusal(claim);
    deps.announce(claim.agent);

    const controller = new AbortController();
    const counted = deps.work.acquire();
    const work = this.work(delegation, claim.agent, claim.messageId, runId, mainName, controller);
    this.active.set(delegation.agentId, { runId, controller, done: work });
    try {
      return await work;
    } finally {
      counted.release();
      if (this.active.get(delegation.agentId)?.runId === runId)
        this.active.delete(delegation.agentId);
    }
  }

  private async work(
    delegation: Delegation,
    agent: Agent,
    messageId: string,
    runId: string,
    mainName: string,
    controller: AbortController,
  ): Promise<DelegationResult> {
    const { deps } = this;
    const { agentId } = delegation;
    const chatId = chatIdFor(agentId);
    const renewal = setInterval(
      () => {
        deps.runs
          .renew(agentId, runId, deps.leaseMs)
          .then((control) => {
            // Stopped or deleted through another replica: this one learns it here.
            if (control === null || control === 'stopped')
              controller.abort(new Error(`the agent was ${control ?? 'deleted'}`));
          })
          .catch((error) =>
            deps.log.warn({ err: error, agent_id: agentId }, 'lease renewal failed'),
          );
      },
      Math.max(10, Math.floor(deps.leaseMs / 3)),
    );
    renewal.unref();

    // The runtime announces its request id synchronously as it starts; catching it here names
    // the trace of a run that fails, which returns no result.
    let requestId: string | null = null;
    const unsubscribe = deps.events.subscribe((event) => {
      if (event.name !== 'request-start' || requestId !== null) return;
      const data = event.data as RuntimeEventMap['request-start'];
      if (data.chat_id === chatId) requestId = data.request_id;
    });
    const finish = async (
      outcome: { messageError: string | null; agentError: string | null },
      reply: string | null,
    ) => {
      clearInterval(renewal);
      const finished = await deps.runs.finish(
        agentId,
        runId,
        { messageId, requestId, ...outcome },
        reply === null
          ? null
          : { origin: 'sub_agent', sender: agent.name, text: redactText(reply) },
      );
      if (finished?.ownRun && ['idle', 'error'].includes(finished.agent.status))
        deps.announce(finished.agent);
      deps.audit.record({
        action: 'agent.message',
        actor: delegation.actor,
        target: agentId,
        detail: {
          name: redactText(agent.name),
          from: delegation.from,
          depth: delegation.depth,
          status: reply !== null ? 'ok' : outcome.agentError ? 'error' : 'cancelled',
        },
        error: outcome.messageError,
        request_id: requestId,
      });
      return finished?.agent ?? agent;
    };

    let running: Promise<ChatResult>;
    try {
      running = deps.runtime.handle({
        text: delegation.text,
        chatId,
        actor: delegation.actor,
        instructions: [instructionsFor(agent, mainName)],
        depth: delegation.depth,
        ...(delegation.taintedBy ? { taintedBy: delegation.taintedBy } : {}),
        signal: AbortSignal.any([delegation.signal, controller.signal]),
      });
    } catch (error) {
      // Rejected like an async failure, so the run is still finished and recorded below.
      running = Promise.reject(error);
    } finally {
      unsubscribe();
    }
    let result: ChatResult;
    try {
      result = await running;
    } catch (error) {
      const stopped = controller.signal.aborted;
      const cancelled = stopped || delegation.signal.aborted;
      const reason = cancelled
        ? `cancelled: ${(controller.signal.reason as Error | undefined)?.message ?? 'the caller went away'}`
        : redactText((error as Error).message);
      await finish({ messageError: reason, agentError: cancelled ? null : reason }, null).catch(
        (finishError) =>
          deps.log.error({ err: finishError, agent_id: agentId }, 'run not recorded'),
      );
      if (stopped && !delegation.signal.aborted)
        throw new ConflictError(
          'agent_stopped',
          `The agent's work was cancelled: ${(controller.signal.reason as Error).message}`,
        );
      throw error;
    }
    requestId = result.request_id;
    const after = await finish({ messageError: null, agentError: null }, result.reply);
    return { ...result, agent: after };
  }
}

function refusal(claim: Exclude<ClaimResult, { outcome: 'claimed' }>): Error {
  switch (claim.outcome) {
    case 'not_found':
      return new NotFoundError('No such agent');
    case 'busy':
      return new ConflictError(
        'agent_busy',
        'The agent is already working on a message; send the next one when it is done',
      );
    case 'refused':
      return new ConflictError(
        'invalid_transition',
        `The agent is ${claim.control}; resume it before sending it work`,
      );
  }
}
