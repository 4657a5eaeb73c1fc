import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abortOnDisconnect } from '../../http/abort-on-disconnect.js';
import {
  agentIdParams,
  agentListQuery,
  agentSchema,
  createAgentBody,
  delegationResponse,
  messageBody,
  messagePageQuery,
  messagePageSchema,
  statusChangeResponse,
  updateAgentBody,
} from './agents.schema.js';
import type { AgentCommand, AgentsService } from './agents.service.js';

export async function agentsRoutes(app: FastifyInstance, agents: AgentsService): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['agents'];
  const operator = (request: { session: { user: string } | null }) =>
    request.session?.user ?? 'unknown';

  routes.get(
    '/api/agents',
    {
      schema: {
        tags,
        summary: 'Sub-agents, most urgent first; ?status= filters',
        querystring: agentListQuery,
        response: { 200: z.object({ agents: z.array(agentSchema) }) },
      },
    },
    async (request) => ({ agents: await agents.list(request.query.status) }),
  );

  routes.post(
    '/api/agents',
    {
      schema: {
        tags,
        summary: 'Create a sub-agent (409 name_taken when the name is in use, in any case)',
        body: createAgentBody,
        response: { 201: agentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await agents.create(request.body, operator(request))),
  );

  routes.get(
    '/api/agents/:agent_id',
    {
      schema: {
        tags,
        summary: 'One sub-agent',
        params: agentIdParams,
        response: { 200: agentSchema },
      },
    },
    async (request) => agents.get(request.params.agent_id),
  );

  routes.patch(
    '/api/agents/:agent_id',
    {
      schema: {
        tags,
        summary: 'Change the name, objective or priority of a sub-agent',
        params: agentIdParams,
        body: updateAgentBody,
        response: { 200: agentSchema },
      },
    },
    async (request) => agents.update(request.params.agent_id, request.body, operator(request)),
  );

  routes.delete(
    '/api/agents/:agent_id',
    {
      schema: {
        tags,
        summary: 'Delete a sub-agent and its message log, cancelling its work in flight',
        params: agentIdParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await agents.delete(request.params.agent_id, operator(request));
      return { ok: true as const };
    },
  );

  const summaries: Record<AgentCommand, string> = {
    pause: 'Pause a sub-agent: it takes no new work; work in flight finishes',
    resume: 'Resume a paused or stopped sub-agent',
    stop: 'Stop a sub-agent: it takes no new work, and work in flight is cancelled',
  };
  for (const command of ['pause', 'resume', 'stop'] as const) {
    routes.post(
      `/api/agents/:agent_id/${command}`,
      {
        schema: {
          tags,
          summary: `${summaries[command]} (409 invalid_transition from a state that does not allow it)`,
          params: agentIdParams,
          response: { 200: statusChangeResponse },
        },
      },
      async (request) => ({
        ok: true as const,
        agent: await agents.command(request.params.agent_id, command, operator(request)),
      }),
    );
  }

  routes.post(
    '/api/agents/:agent_id/messages',
    {
      schema: {
        tags,
        summary: 'Delegate work to a sub-agent and wait for its reply',
        params: agentIdParams,
        body: messageBody,
        response: { 200: delegationResponse },
      },
    },
    async (request, reply) =>
      agents.delegate({
        agentId: request.params.agent_id,
        text: request.body.text,
        from: 'operator',
        sender: operator(request),
        actor: operator(request),
        depth: 1,
        signal: abortOnDisconnect(reply),
      }),
  );

  routes.get(
    '/api/agents/:agent_id/messages',
    {
      schema: {
        tags,
        summary: "A sub-agent's message log, both directions, newest first, keyset-paged",
        params: agentIdParams,
        querystring: messagePageQuery,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => agents.messages(request.params.agent_id, request.query),
  );
}
