import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { AgentRunner, Delegation, DelegationResult } from './agent-runner.js';
import type { AgentPatch, AgentsRepository } from './agents.repository.js';
import {
  type Agent,
  type AgentMessage,
  type AgentStatus,
  type CreateAgentInput,
  createAgentBody,
  type MessagePageQuery,
} from './agents.schema.js';
import type { AgentControl } from './agents.tables.js';

export type AgentCommand = 'pause' | 'resume' | 'stop';

/**
 * Which operator commands apply from which control state. A stopped agent can be resumed: stop
 * differs from pause in that it cancels the work in flight, not in being final (delete is).
 */
const COMMANDS: Record<AgentCommand, { from: AgentControl[]; to: AgentControl }> = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused', 'stopped'], to: 'active' },
  stop: { from: ['active', 'paused'], to: 'stopped' },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sub-agents: records, operator commands and delegated work, each audited and announced live. */
export class AgentsService {
  constructor(
    private readonly repository: AgentsRepository,
    private readonly runner: AgentRunner,
    private readonly audit: AuditService,
    private readonly events: RuntimeEvents,
  ) {}

  /** Emits agent-change; names are redacted like everything else that leaves. */
  announce(agent: Pick<Agent, 'agent_id' | 'name'> & { status: AgentStatus | 'deleted' }): void {
    this.events.emit('agent-change', {
      agent_id: agent.agent_id,
      name: redactText(agent.name),
      status: agent.status,
    });
  }

  /** Runs on this replica now (pressure monitoring). */
  get activeRuns(): number {
    return this.runner.activeRuns;
  }

  async create(input: CreateAgentInput, actor: string): Promise<Agent> {
    // The routes validated already; callers in code (skills, goals) get the same checks here.
    const parsed = createAgentBody.safeParse(input);
    if (!parsed.success)
      throw new ValidationError(
        'Invalid agent',
        parsed.error.issues.map((issue) => ({
          path: `/${issue.path.join('/')}`,
          message: issue.message,
        })),
      );
    const agent = await this.repository.insert(parsed.data);
    this.record('agent.create', actor, agent, { priority: agent.priority });
    this.announce(agent);
    return agent;
  }

  list(status?: AgentStatus): Promise<Agent[]> {
    return this.repository.list(status);
  }

  async get(agentId: string): Promise<Agent> {
    const agent = await this.repository.get(agentId);
    if (!agent) throw new NotFoundError('No such agent');
    return agent;
  }

  /** By id, or by name whatever its case (how the model refers to agents). */
  async resolve(reference: string): Promise<Agent> {
    const trimmed = reference.trim();
    const byId = UUID.test(trimmed) ? await this.repository.get(trimmed.toLowerCase()) : null;
    const agent = byId ?? (await this.repository.getByName(trimmed));
    if (!agent) throw new NotFoundError(`No agent named or numbered "${reference}"`);
    return agent;
  }

  async update(agentId: string, patch: AgentPatch, actor: string): Promise<Agent> {
    const before = await this.get(agentId);
    const agent = await this.repository.update(agentId, patch);
    if (!agent) throw new NotFoundError('No such agent');
    const changed = (Object.keys(patch) as (keyof AgentPatch)[]).filter(
      (field) => patch[field] !== undefined && patch[field] !== before[field],
    );
    this.record('agent.update', actor, agent, {
      changed,
      ...(before.name !== agent.name ? { previous_name: redactText(before.name) } : {}),
    });
    this.announce(agent);
    return agent;
  }

  /** Deletes the agent and its message log, cancelling its work in flight. */
  async delete(agentId: string, actor: string): Promise<Agent> {
    const agent = await this.repository.delete(agentId);
    if (!agent) throw new NotFoundError('No such agent');
    this.runner.cancel(agentId, 'deleted');
    this.record('agent.delete', actor, agent, { status: agent.status });
    this.announce({ ...agent, status: 'deleted' });
    return agent;
  }

  async command(agentId: string, command: AgentCommand, actor: string): Promise<Agent> {
    const { from, to } = COMMANDS[command];
    const { before, after } = await this.repository.setControl(agentId, from, to);
    if (!before) throw new NotFoundError('No such agent');
    if (!after)
      throw new ConflictError(
        'invalid_transition',
        `Cannot ${command} an agent that is ${before.status}`,
      );
    if (command === 'stop') this.runner.cancel(agentId, 'stopped');
    this.record('agent.status', actor, after, { command, from: before.status, to: after.status });
    if (after.status !== before.status) this.announce(after);
    return after;
  }

  /** Sends the agent work and waits for its reply (see AgentRunner). */
  delegate(delegation: Delegation): Promise<DelegationResult> {
    return this.runner.delegate(delegation);
  }

  async messages(
    agentId: string,
    query: MessagePageQuery,
  ): Promise<{ messages: AgentMessage[]; next_cursor: string | null }> {
    await this.get(agentId);
    return this.repository.messages(agentId, query);
  }

  private record(action: string, actor: string, agent: Agent, detail: Record<string, unknown>) {
    this.audit.record({
      action,
      actor,
      target: agent.agent_id,
      detail: { name: redactText(agent.name), ...detail },
    });
  }
}
