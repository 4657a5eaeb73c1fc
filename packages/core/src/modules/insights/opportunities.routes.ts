import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  opportunityListQuerySchema,
  opportunityParamsSchema,
  opportunitySchema,
  snoozeSchema,
} from './opportunities.schema.js';

const tags = ['opportunities'];

const decision = (request: FastifyRequest) => ({
  actor: request.session?.user ?? 'unknown',
  requestId: request.id,
});

/** Detected automation opportunities and the operator's decisions on them (all audited). */
export async function opportunitiesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const opportunities = () => app.insights.opportunities;

  routes.get(
    '/api/opportunities',
    {
      schema: {
        tags,
        summary: 'Automation opportunities found in the traces, with evidence and a proposal',
        querystring: opportunityListQuerySchema,
        response: { 200: z.object({ opportunities: z.array(opportunitySchema) }) },
      },
    },
    async (request) => ({ opportunities: await opportunities().list(request.query.status) }),
  );

  routes.get(
    '/api/opportunities/:opportunity_id',
    {
      schema: {
        tags,
        summary: 'One opportunity',
        params: opportunityParamsSchema,
        response: { 200: opportunitySchema },
      },
    },
    async (request) => opportunities().get(request.params.opportunity_id),
  );

  routes.post(
    '/api/opportunities/:opportunity_id/accept',
    {
      schema: {
        tags,
        summary: 'Create the proposal through its module (scheduler, subscriptions, rules)',
        params: opportunityParamsSchema,
        response: { 200: opportunitySchema },
      },
    },
    async (request) => opportunities().accept(request.params.opportunity_id, decision(request)),
  );

  routes.post(
    '/api/opportunities/:opportunity_id/dismiss',
    {
      schema: {
        tags,
        summary: 'Hide it until new evidence appears',
        params: opportunityParamsSchema,
        response: { 200: opportunitySchema },
      },
    },
    async (request) => opportunities().dismiss(request.params.opportunity_id, decision(request)),
  );

  routes.post(
    '/api/opportunities/:opportunity_id/snooze',
    {
      schema: {
        tags,
        summary: 'Hide it for a while (default 7 days)',
        params: opportunityParamsSchema,
        body: snoozeSchema,
        response: { 200: opportunitySchema },
      },
    },
    async (request) =>
      opportunities().snooze(
        request.params.opportunity_id,
        request.body?.duration ?? '7d',
        decision(request),
      ),
  );
}
