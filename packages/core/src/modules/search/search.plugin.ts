import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ValidationError } from '../../errors/app-error.js';
import {
  searchQuerySchema,
  searchResponseSchema,
  searchSourcesResponseSchema,
} from './search.schema.js';
import { SearchService } from './search.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search behind the command palette (`app.search` is Fastify's SEARCH method); modules register their sources here. */
    searchService: SearchService;
  }
}

/** One search endpoint across the records of every module that contributes a source. */
export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    const search = new SearchService(app.log.child({ module: 'search' }));
    app.decorate('searchService', search);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary: 'Search goals, agents, traces, proposals, rules, audit actions and more at once',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (request) => {
        const { q, limit, sources } = request.query;
        const known = new Set(search.sources().map(({ source }) => source));
        const unknown = sources?.filter((name) => !known.has(name)) ?? [];
        if (unknown.length > 0)
          throw new ValidationError('Unknown search source', [
            { path: '/sources', in: 'querystring', message: `unknown: ${unknown.join(', ')}` },
          ]);
        return search.search({ text: q, limit, ...(sources ? { sources } : {}) });
      },
    );

    routes.get(
      '/api/search/sources',
      {
        schema: {
          tags: ['search'],
          summary: 'The sources the search asks, in the order their groups are returned',
          response: { 200: searchSourcesResponseSchema },
        },
      },
      async () => ({ sources: search.sources() }),
    );
  },
  { name: 'search', dependencies: ['context'] },
);
