import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abortOnDisconnect } from '../../http/abort-on-disconnect.js';
import {
  actionParams,
  actionPolicyBody,
  awaitingResponse,
  baseUrlBody,
  breakerSchema,
  callSchema,
  callsQuery,
  credentialsBody,
  detailSchema,
  executeBody,
  executeErrors,
  executeResponse,
  fieldsResponse,
  integrationParams,
  listQuery,
  removeCredentialsQuery,
  summarySchema,
  testResponse,
} from './integrations.schema.js';
import type { IntegrationService, Operator } from './integrations.service.js';

const tags = ['integrations'];

const operator = (request: FastifyRequest): Operator => ({
  actor: request.session?.user ?? 'unknown',
  requestId: request.id,
});

/** The integration registry's HTTP API (docs/api/integrations.md). */
export async function integrationsRoutes(
  app: FastifyInstance,
  service: IntegrationService,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/integrations',
    {
      schema: {
        tags,
        summary: 'Connectors with configured state, breaker state, call counts and last error',
        querystring: listQuery,
        response: { 200: z.object({ integrations: z.array(summarySchema) }) },
      },
    },
    async (request) => {
      const { category, configured } = request.query;
      const all = await service.list();
      return {
        integrations: all.filter(
          (one) =>
            (!category || one.category === category) &&
            (configured === undefined || one.configured === (configured === 'true')),
        ),
      };
    },
  );

  routes.get(
    '/api/integrations/:integration_id',
    {
      schema: {
        tags,
        summary: 'One connector with its actions, their risk levels and JSON schemas',
        params: integrationParams,
        response: { 200: detailSchema },
      },
    },
    async (request) => service.get(request.params.integration_id),
  );

  routes.get(
    '/api/integrations/:integration_id/calls',
    {
      schema: {
        tags,
        summary: 'Recent calls of a connector, newest first',
        params: integrationParams,
        querystring: callsQuery,
        response: { 200: z.object({ calls: z.array(callSchema) }) },
      },
    },
    async (request) => ({
      calls: await service.calls(request.params.integration_id, request.query.limit),
    }),
  );

  routes.put(
    '/api/integrations/:integration_id/credentials',
    {
      schema: {
        tags,
        summary: 'Set field values; secrets are sealed in the vault and never returned (audited)',
        params: integrationParams,
        body: credentialsBody,
        response: { 200: fieldsResponse },
      },
    },
    async (request) => ({
      fields: await service.setCredentials(
        request.params.integration_id,
        request.body.values,
        operator(request),
      ),
    }),
  );

  routes.delete(
    '/api/integrations/:integration_id/credentials',
    {
      schema: {
        tags,
        summary: 'Remove credentials: the named fields, or all (audited)',
        params: integrationParams,
        querystring: removeCredentialsQuery,
        response: { 200: fieldsResponse },
      },
    },
    async (request) => {
      const { field } = request.query;
      const names = field === undefined ? null : Array.isArray(field) ? field : [field];
      return {
        fields: await service.removeCredentials(
          request.params.integration_id,
          names,
          operator(request),
        ),
      };
    },
  );

  routes.put(
    '/api/integrations/:integration_id/base-url',
    {
      schema: {
        tags,
        summary: 'Point a self-hostable connector at your own server (audited)',
        params: integrationParams,
        body: baseUrlBody,
        response: { 200: detailSchema },
      },
    },
    async (request) =>
      service.setBaseUrl(request.params.integration_id, request.body.base_url, operator(request)),
  );

  routes.put(
    '/api/integrations/:integration_id/actions/:action',
    {
      schema: {
        tags,
        summary: "Override an action's risk level, or turn it off (audited)",
        params: actionParams,
        body: actionPolicyBody,
        response: { 200: detailSchema },
      },
    },
    async (request) =>
      service.setActionPolicy(
        request.params.integration_id,
        request.params.action,
        request.body,
        operator(request),
      ),
  );

  routes.post(
    '/api/integrations/:integration_id/test',
    {
      schema: {
        tags,
        summary: "Run the connector's read-only test action (audited)",
        params: integrationParams,
        response: { 200: testResponse },
      },
    },
    async (request, reply) =>
      service.test(request.params.integration_id, operator(request), abortOnDisconnect(reply)),
  );

  routes.post(
    '/api/integrations/:integration_id/breaker/reset',
    {
      schema: {
        tags,
        summary: "Close the connector's circuit breaker (audited)",
        params: integrationParams,
        response: { 200: z.object({ ok: z.literal(true), breaker: breakerSchema }) },
      },
    },
    async (request) => ({
      ok: true as const,
      breaker: await service.resetBreaker(request.params.integration_id, operator(request)),
    }),
  );

  routes.post(
    '/api/integrations/:integration_id/execute',
    {
      schema: {
        tags,
        summary:
          'Run an action: integration, allowlist, policy gate, vault, circuit breaker, metrics (audited)',
        params: integrationParams,
        body: executeBody,
        response: { 200: executeResponse, 202: awaitingResponse, ...executeErrors },
      },
    },
    async (request, reply) => {
      const outcome = await service.execute(request.params.integration_id, request.body, {
        ...operator(request),
        source: 'api',
        signal: abortOnDisconnect(reply),
      });
      if ('confirmation_id' in outcome) return reply.status(202).send(outcome);
      return { ok: true as const, ...outcome };
    },
  );
}
