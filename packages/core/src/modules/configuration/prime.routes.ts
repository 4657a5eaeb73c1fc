import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  primeHistoryQuery,
  primeSaveSchema,
  primeSchema,
  primeVersionParams,
  primeVersionSchema,
  primeVersionSummarySchema,
  versionConflictSchema,
} from './prime.schema.js';
import type { PrimeService } from './prime.service.js';

/** prime.md: read, save on a base version, history, one old version, restore. */
export function primeRoutes(prime: PrimeService) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const actor = (user: string | undefined) => user ?? 'unknown';

    routes.get(
      '/api/config/prime',
      {
        schema: {
          tags: ['configuration'],
          summary: 'The current prime.md (version 0 and empty before the first save)',
          response: { 200: primeSchema },
        },
      },
      () => prime.current(),
    );
    routes.put(
      '/api/config/prime',
      {
        schema: {
          tags: ['configuration'],
          summary: 'Save prime.md as a new version on top of base_version',
          body: primeSaveSchema,
          response: { 200: primeSchema, 409: versionConflictSchema },
        },
      },
      (request) =>
        prime.save(
          {
            content: request.body.content,
            baseVersion: request.body.base_version,
            note: request.body.note,
          },
          actor(request.session?.user),
          request.id,
        ),
    );
    routes.get(
      '/api/config/prime/history',
      {
        schema: {
          tags: ['configuration'],
          summary: 'Versions of prime.md, newest first, without their content',
          querystring: primeHistoryQuery,
          response: { 200: z.object({ versions: z.array(primeVersionSummarySchema) }) },
        },
      },
      async (request) => ({
        versions: await prime.history(request.query.limit, request.query.before),
      }),
    );
    routes.get(
      '/api/config/prime/history/:version',
      {
        schema: {
          tags: ['configuration'],
          summary: 'One version of prime.md with its content',
          params: primeVersionParams,
          response: { 200: primeVersionSchema },
        },
      },
      (request) => prime.version(request.params.version),
    );
    routes.post(
      '/api/config/prime/restore/:version',
      {
        schema: {
          tags: ['configuration'],
          summary: "Make an old version's content the newest version",
          params: primeVersionParams,
          response: { 200: primeSchema },
        },
      },
      (request) => prime.restore(request.params.version, actor(request.session?.user), request.id),
    );
  };
}
