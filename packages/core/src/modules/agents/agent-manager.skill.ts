import { z } from 'zod';
import { defineSkill, type SkillContext, type SkillOutput } from '../skills/skill.js';
import { DelegationDepthError } from './agent-runner.js';
import {
  type Agent,
  agentNameSchema,
  MAX_DELEGATION_DEPTH,
  objectiveSchema,
  prioritySchema,
} from './agents.schema.js';
import type { AgentsService } from './agents.service.js';
import type { MessageOrigin } from './agents.tables.js';

const reference = z.string().trim().min(1).max(64);
const message = z.string().trim().min(1).max(32_000);

/** The real contract: one shape per action, each with exactly the fields it needs. */
const requestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    name: agentNameSchema,
    objective: objectiveSchema,
    priority: prioritySchema.default(5),
  }),
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('delegate'), agent: reference, message }),
  z.object({ action: z.enum(['status', 'pause', 'resume']), agent: reference }),
]);
export type AgentManagerRequest = z.infer<typeof requestSchema>;

/**
 * What the model sees: one flat object (providers refuse a top-level union), piped into the
 * union above, as datetime_skill does.
 */
const inputSchema = z
  .object({
    action: z
      .enum(['create', 'list', 'delegate', 'status', 'pause', 'resume'])
      .describe(
        'create (name, objective). list. delegate (agent, message): send work, wait ' +
          'for the reply. status (agent): state and latest messages. pause, resume (agent).',
      ),
    name: z.string().optional().describe('unique, 1-64 characters'),
    objective: z.string().optional().describe('its purpose'),
    priority: z.number().optional().describe('1-10, 10 most urgent; default 5'),
    agent: z.string().optional().describe('agent name or agent_id'),
    message: z.string().optional().describe('the work'),
  })
  .pipe(requestSchema);

export interface AgentManagerOptions {
  agents: AgentsService;
  mainAgentName(): Promise<string>;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function describe(agent: Agent): string {
  return `${agent.name} (${agent.agent_id}): ${agent.status}, priority ${agent.priority}; objective: ${clip(agent.objective, 200)}`;
}

function summary(agent: Agent): Record<string, unknown> {
  const { agent_id, name, status, priority } = agent;
  return { agent_id, name, status, priority };
}

/** Sub-agents as the model manages them; every call is CONTROLLED (audited by the runner). */
export function createAgentManagerSkill(options: AgentManagerOptions) {
  const { agents } = options;

  /** The caller of a delegation: a sub-agent when the request runs in one's conversation. */
  async function senderOf(context: SkillContext): Promise<{ from: MessageOrigin; sender: string }> {
    if (context.chatId?.startsWith('agent:')) {
      const caller = await agents.get(context.chatId.slice('agent:'.length)).catch(() => null);
      if (caller) return { from: 'sub_agent', sender: caller.name };
    }
    return { from: 'main_agent', sender: await options.mainAgentName() };
  }

  async function run(request: AgentManagerRequest, context: SkillContext): Promise<SkillOutput> {
    switch (request.action) {
      case 'create': {
        const { action: _, ...input } = request;
        const agent = await agents.create(input, context.actor);
        return {
          text: `Created sub-agent ${describe(agent)}. Hand it work with action delegate.`,
          data: summary(agent),
        };
      }
      case 'list': {
        const list = await agents.list();
        return {
          text: list.length
            ? list.map((agent) => `- ${describe(agent)}`).join('\n')
            : 'There are no sub-agents yet.',
          data: { agents: list.map(summary) },
        };
      }
      case 'delegate': {
        const depth = context.depth + 1;
        // Checked before anything else, so a refused call leaves no trace in any agent's log.
        if (depth > MAX_DELEGATION_DEPTH) throw new DelegationDepthError(depth);
        const agent = await agents.resolve(request.agent);
        const result = await agents.delegate({
          agentId: agent.agent_id,
          text: request.message,
          ...(await senderOf(context)),
          actor: context.actor,
          depth,
          taintedBy: context.taintedBy ?? [],
          signal: context.signal,
        });
        // A reply from a run that read untrusted content carries it on: the model reads it as
        // data, and it taints this run with the same sources.
        const tainted = result.tainted_by.length > 0;
        return {
          text: result.reply,
          untrusted: tainted,
          ...(tainted
            ? { source: `sub-agent ${result.agent.name} (read ${result.tainted_by.join('; ')})` }
            : {}),
          data: { ...summary(result.agent), request_id: result.request_id, tier: result.tier },
          audit: { target: agent.agent_id },
        };
      }
      case 'status': {
        const agent = await agents.resolve(request.agent);
        const { messages } = await agents.messages(agent.agent_id, { limit: 4 });
        const lines = messages
          .reverse()
          .map(
            (m) => `- ${m.from} ${m.sender}: ${clip(m.text, 300)}${m.error ? ` [${m.error}]` : ''}`,
          );
        return {
          text: [
            describe(agent),
            `Messages: ${agent.messages_count}; last active: ${agent.last_active_at ?? 'never'}`,
            ...(agent.last_error ? [`Last error: ${agent.last_error}`] : []),
            ...(lines.length ? ['Latest messages, oldest first:', ...lines] : []),
          ].join('\n'),
          data: summary(agent),
        };
      }
      case 'pause':
      case 'resume': {
        const target = await agents.resolve(request.agent);
        const agent = await agents.command(target.agent_id, request.action, context.actor);
        return {
          text: `${agent.name} is now ${agent.status}.`,
          data: summary(agent),
          audit: { target: agent.agent_id },
        };
      }
    }
  }

  return defineSkill<AgentManagerRequest>({
    name: 'agent_manager',
    description: 'Sub-agents, each with its own objective, priority and conversation.',
    level: 'CONTROLLED',
    inputSchema,
    execute: run,
  });
}
