import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metricsQuerySchema, metricsReportSchema } from './metrics.schema.js';
import { selfModelSchema } from './self-model.schema.js';
import { skillEvolutionQuerySchema, skillEvolutionSchema } from './skill-evolution.schema.js';

const tags = ['insights'];

/** Figures computed from the stored traces: /metrics, /skill-evolution and /cognitive. */
export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/insights/metrics',
    {
      schema: {
        tags,
        summary: 'Latency histograms per tier and model, error rates, tokens and cost per day',
        querystring: metricsQuerySchema,
        response: { 200: metricsReportSchema },
      },
    },
    async (request) => app.insights.metrics.report(request.query.since, request.query.until),
  );

  routes.get(
    '/api/insights/skill-evolution',
    {
      schema: {
        tags,
        summary: 'Composite skill candidates mined from traces; each skill week by week',
        querystring: skillEvolutionQuerySchema,
        response: { 200: skillEvolutionSchema },
      },
    },
    async (request) => app.insights.skillEvolution.report(request.query.weeks),
  );

  routes.get(
    '/api/insights/self-model',
    {
      schema: {
        tags,
        summary: 'Reliability per skill and tier with 95 % intervals, and known limits',
        response: { 200: selfModelSchema },
      },
    },
    async () => app.insights.selfModel.current(),
  );
}
