import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveSchema,
  okSchema,
  pendingQuery,
  proposalParams,
  proposalSchema,
  ruleCreateSchema,
  ruleListQuery,
  ruleParams,
  rulePatchSchema,
  ruleSchema,
} from './behavioral.schema.js';
import type { BehavioralService } from './behavioral.service.js';
import type { ProposalService } from './proposals.service.js';

const tags = ['behavioral'];

/** Rules (operator-written or learned) and the proposals waiting for the operator. */
export function behavioralRoutes(service: BehavioralService, proposals: ProposalService) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const actor = (user: string | undefined) => user ?? 'unknown';

    routes.get(
      '/api/behavioral-rules',
      {
        schema: {
          tags,
          summary: 'Behavioral rules, newest first; filter by enabled, source and text',
          querystring: ruleListQuery,
          response: { 200: z.object({ rules: z.array(ruleSchema) }) },
        },
      },
      async (request) => ({ rules: await service.list(request.query) }),
    );
    routes.post(
      '/api/behavioral-rules',
      {
        schema: {
          tags,
          summary: 'Write a rule (source operator)',
          body: ruleCreateSchema,
          response: { 201: ruleSchema },
        },
      },
      async (request, reply) => {
        const rule = await service.create(
          request.body,
          'operator',
          actor(request.session?.user),
          request.id,
        );
        return reply.status(201).send(rule);
      },
    );
    routes.get(
      '/api/behavioral-rules/pending',
      {
        schema: {
          tags,
          summary: "Rules proposed from the operator's corrections, waiting for a decision",
          querystring: pendingQuery,
          response: { 200: z.object({ proposals: z.array(proposalSchema) }) },
        },
      },
      async (request) => ({ proposals: await proposals.pending(request.query.limit) }),
    );
    routes.post(
      '/api/behavioral-rules/pending/:proposal_id/approve',
      {
        schema: {
          tags,
          summary: 'Make a proposal an enabled rule, optionally edited (409 unless pending)',
          params: proposalParams,
          body: approveSchema,
          response: {
            200: z.object({ ok: z.literal(true), proposal: proposalSchema, rule: ruleSchema }),
          },
        },
      },
      async (request) => ({
        ok: true as const,
        ...(await proposals.approve(
          request.params.proposal_id,
          request.body ?? {},
          actor(request.session?.user),
          request.id,
        )),
      }),
    );
    routes.post(
      '/api/behavioral-rules/pending/:proposal_id/reject',
      {
        schema: {
          tags,
          summary: 'Dismiss a proposal (409 unless pending)',
          params: proposalParams,
          response: { 200: z.object({ ok: z.literal(true), proposal: proposalSchema }) },
        },
      },
      async (request) => ({
        ok: true as const,
        proposal: await proposals.reject(
          request.params.proposal_id,
          actor(request.session?.user),
          request.id,
        ),
      }),
    );
    routes.get(
      '/api/behavioral-rules/:rule_id',
      {
        schema: { tags, summary: 'One rule', params: ruleParams, response: { 200: ruleSchema } },
      },
      (request) => service.get(request.params.rule_id),
    );
    routes.patch(
      '/api/behavioral-rules/:rule_id',
      {
        schema: {
          tags,
          summary: 'Toggle a rule, or change its text, trigger or confidence',
          params: ruleParams,
          body: rulePatchSchema,
          response: { 200: ruleSchema },
        },
      },
      (request) =>
        service.update(
          request.params.rule_id,
          request.body,
          actor(request.session?.user),
          request.id,
        ),
    );
    routes.delete(
      '/api/behavioral-rules/:rule_id',
      {
        schema: { tags, summary: 'Delete a rule', params: ruleParams, response: { 200: okSchema } },
      },
      async (request) => {
        await service.remove(request.params.rule_id, actor(request.session?.user), request.id);
        return { ok: true as const };
      },
    );
  };
}
