import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOfSchema, itemParamsSchema, observationListQuerySchema } from './memory.schema.js';
import { ITEM_STATUSES } from './memory.tables.js';
import {
  brainSchema,
  entityDetailSchema,
  entityListSchema,
  epistemicSchema,
  graphSchema,
  integritySchema,
  observationDetailSchema,
  observationPageSchema,
  searchResultSchema,
} from './memory-responses.js';

const tags = ['memory'];

const statusList = z
  .string()
  .transform((text, ctx) => {
    const statuses = text.split(',').map((s) => s.trim());
    const bad = statuses.filter((s) => !(ITEM_STATUSES as readonly string[]).includes(s));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown status ${bad.join(', ')}` });
      return z.NEVER;
    }
    return statuses as Array<(typeof ITEM_STATUSES)[number]>;
  })
  .describe('Comma-separated item statuses; default active,provisional');

/** Observations (world model), the knowledge graph, search, and the state of the memory. */
export async function memoryWorldRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/memory/observations',
    {
      schema: {
        tags,
        summary:
          'Observations, newest first in world time; filter by source, entity, chat, time, q',
        querystring: observationListQuerySchema,
        response: { 200: observationPageSchema },
      },
    },
    async (request) => app.memory.observations(request.query),
  );

  routes.get(
    '/api/memory/observations/:id',
    {
      schema: {
        tags,
        summary: 'One observation with the items, relations and entities learned from it',
        params: itemParamsSchema,
        response: { 200: observationDetailSchema },
      },
    },
    async (request) => app.memory.observation(request.params.id),
  );

  routes.get(
    '/api/memory/graph',
    {
      schema: {
        tags,
        summary:
          'A bounded subgraph: the ego network of entity_id (depth 1-2) or the most mentioned entities, as of an instant',
        querystring: z.object({
          as_of: asOfSchema.optional(),
          entity_id: z.string().max(64).optional(),
          depth: z.coerce.number().int().min(1).max(2).default(2),
          limit: z.coerce.number().int().min(1).max(500).default(150).describe('Most nodes'),
        }),
        response: { 200: graphSchema },
      },
    },
    async (request) => {
      const { as_of: asOf, entity_id: entityId, depth, limit } = request.query;
      const graph = await app.memory.graph({ asOf: asOf ?? null, entityId, depth, limit });
      return {
        as_of: asOf ? asOf.toISOString() : null,
        entity_id: entityId ?? null,
        depth,
        limit,
        ...graph,
      };
    },
  );

  routes.get(
    '/api/memory/entities',
    {
      schema: {
        tags,
        summary: 'Live entities, most mentioned first; q matches names',
        querystring: z.object({
          q: z.string().trim().min(1).max(200).optional(),
          type: z.string().trim().min(1).max(60).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: entityListSchema },
      },
    },
    async (request) => ({ entities: await app.memory.entities(request.query) }),
  );

  routes.get(
    '/api/memory/entities/:id',
    {
      schema: {
        tags,
        summary:
          "An entity's timeline: its relations as intervals and the observations mentioning it",
        params: itemParamsSchema,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: entityDetailSchema },
      },
    },
    async (request) => app.memory.entity(request.params.id, request.query.limit),
  );

  routes.get(
    '/api/memory/search',
    {
      schema: {
        tags,
        summary:
          'Search items and observations: full text and trigram, plus vectors when an embedding model is set; fused by rank',
        querystring: z.object({
          q: z.string().trim().min(1).max(1000),
          scope: z.enum(['items', 'observations', 'all']).default('all'),
          mode: z.enum(['auto', 'lexical']).default('auto').describe('lexical: skip vectors'),
          status: statusList.optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: searchResultSchema },
      },
    },
    async (request) => {
      const { q, scope, mode, status, limit } = request.query;
      const result = await app.memory.search({
        q,
        scope,
        mode,
        limit,
        statuses: status ?? ['active', 'provisional'],
      });
      return result;
    },
  );

  routes.get(
    '/api/memory/brain',
    {
      schema: {
        tags,
        summary: 'Counts, age, level and XP, persona, pinned blocks and memory status',
        response: { 200: brainSchema },
      },
    },
    async () => app.memory.brain(),
  );

  routes.get(
    '/api/memory/epistemic',
    {
      schema: {
        tags,
        summary:
          'Epistemic state: items by status and confidence, stale items, contradictions, open unknowns',
        response: { 200: epistemicSchema },
      },
    },
    async () => app.memory.epistemic(),
  );

  routes.get(
    '/api/memory/integrity',
    {
      schema: {
        tags,
        summary:
          'Integrity report: provenance, block limits, duplicates, dangling relations, history, embedding coverage, patch digests',
        response: { 200: integritySchema },
      },
    },
    async () => app.memory.integrity(),
  );
}
