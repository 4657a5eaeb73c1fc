import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfirmationsRepository } from './confirmations.repository.js';
import {
  confirmationIdParams,
  confirmationListQuery,
  confirmationSchema,
  decisionBody,
  decisionResponse,
} from './confirmations.schema.js';
import { ConfirmationService } from './confirmations.service.js';
import './confirmations.tables.js';

declare module 'fastify' {
  interface FastifyInstance {
    confirmations: ConfirmationService;
  }
}

export const confirmationsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new ConfirmationService(
      new ConfirmationsRepository(app.sql.db),
      app.kv,
      app.audit,
      app.events,
      () => app.configuration.parameter('confirmation_timeout_ms'),
      app.log.child({ module: 'confirmations' }),
    );
    app.decorate('confirmations', service);
    // Runs left waiting by an earlier process are gone: their confirmations are denied.
    app.addHook('onReady', async () => {
      void service.listen();
      const expired = await service.expireOverdue();
      if (expired > 0) app.log.info({ expired }, 'denied confirmations left by an earlier run');
    });

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/confirmations',
      {
        schema: {
          tags: ['confirmations'],
          summary: 'Confirmations, newest first; ?status=pending for those waiting',
          querystring: confirmationListQuery,
          response: { 200: z.object({ confirmations: z.array(confirmationSchema) }) },
        },
      },
      async (request) => ({
        confirmations: await service.list(request.query.status, request.query.limit),
      }),
    );
    routes.get(
      '/api/confirmations/:confirmation_id',
      {
        schema: {
          tags: ['confirmations'],
          summary: 'One confirmation, with its dry-run preview',
          params: confirmationIdParams,
          response: { 200: z.object({ confirmation: confirmationSchema }) },
        },
      },
      async (request) => ({ confirmation: await service.get(request.params.confirmation_id) }),
    );
    for (const [verb, decision] of [
      ['approve', 'approved'],
      ['deny', 'denied'],
    ] as const) {
      routes.post(
        `/api/confirmations/:confirmation_id/${verb}`,
        {
          schema: {
            tags: ['confirmations'],
            summary: `${verb === 'approve' ? 'Approve' : 'Deny'} a pending confirmation (409 when no longer pending)`,
            params: confirmationIdParams,
            body: decisionBody,
            response: { 200: decisionResponse },
          },
        },
        async (request) => ({
          ok: true as const,
          confirmation: await service.decide(
            request.params.confirmation_id,
            decision,
            request.session?.user ?? 'unknown',
            request.body?.acknowledge_warning === true,
          ),
        }),
      );
    }
  },
  { name: 'confirmations', dependencies: ['context', 'audit', 'events', 'auth', 'configuration'] },
);
