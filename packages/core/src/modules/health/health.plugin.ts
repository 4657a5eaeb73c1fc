import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isPageRequest } from '../../http/page-request.js';
import { healthDetailsSchema, healthSchema } from './health.schema.js';
import { HealthService } from './health.service.js';
import { countOperatorRequests } from './operator-requests.js';
import { PressureMonitor } from './pressure-monitor.js';

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthService;
    pressure: PressureMonitor;
  }
}

export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const pressure = new PressureMonitor();
    const health = new HealthService({
      sql: app.sql,
      kv: app.kv,
      pressure,
      version: app.serviceVersion,
      cpiHighThreshold: () => app.configuration.parameter('cpi_high_threshold'),
      untrustedContentGuard: () => app.configuration.flag('untrusted_content_guard'),
    });
    app.decorate('pressure', pressure);
    app.decorate('health', health);

    countOperatorRequests(app, pressure);

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Health for uptime monitors (no session); 503 when a store is down',
          security: [],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        // A browser opening /health gets the dashboard page, which shows the same data.
        if (isPageRequest(request) && (await app.dashboard.servePage(request, reply))) return reply;
        const report = await health.report();
        return reply.status(report.status === 'down' ? 503 : 200).send(report);
      },
    );
    routes.get(
      '/api/health/details',
      {
        schema: {
          tags: ['health'],
          summary: 'Health with the CPI signals, memory and process facts (for the dashboard)',
          response: { 200: healthDetailsSchema },
        },
      },
      async () => health.details(),
    );
  },
  { name: 'health', dependencies: ['context', 'auth', 'dashboard', 'configuration'] },
);
