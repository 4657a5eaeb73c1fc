import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-error.js';
import { TraceAnalytics } from './trace-analytics.js';
import { TracesRepository } from './traces.repository.js';
import { tracePageSchema, traceQuerySchema, traceSchema } from './traces.schema.js';
import { tracesSearchSource } from './traces.search.js';

declare module 'fastify' {
  interface FastifyInstance {
    traces: TracesRepository;
    /** Aggregates over stored traces (the insight pages read traces only through these). */
    traceAnalytics: TraceAnalytics;
  }
}

export const tracesPlugin = fp(
  async (app: FastifyInstance) => {
    const traces = new TracesRepository(app.sql.db, app.pendingWrites);
    app.decorate('traces', traces);
    app.decorate('traceAnalytics', new TraceAnalytics(app.sql.db, app.pendingWrites));
    app.searchService.register(tracesSearchSource(traces));
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/traces',
      {
        schema: {
          tags: ['traces'],
          summary: 'Decision traces, newest first, keyset-paged; filter by chat_id, tier and time',
          querystring: traceQuerySchema,
          response: { 200: tracePageSchema },
        },
      },
      async (request) => traces.page(request.query),
    );
    routes.get(
      '/api/traces/:request_id',
      {
        schema: {
          tags: ['traces'],
          summary: 'One decision trace with its guard chain and steps',
          params: z.object({ request_id: z.string().min(1).max(128) }),
          response: { 200: traceSchema },
        },
      },
      async (request) => {
        const trace = await traces.get(request.params.request_id);
        if (!trace) throw new NotFoundError('No trace with that request_id');
        return trace;
      },
    );
  },
  { name: 'traces', dependencies: ['context', 'search'] },
);
