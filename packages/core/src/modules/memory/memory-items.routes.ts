import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createItemSchema,
  itemListQuerySchema,
  itemParamsSchema,
  type MemoryItem,
  memoryItemSchema,
  pinBodySchema,
  reasonBodySchema,
  updateItemSchema,
} from './memory.schema.js';
import { exportLines } from './memory-export.js';
import type { ChangeMeta } from './memory-items.repository.js';
import {
  itemDetailSchema,
  itemPageSchema,
  settingsBodySchema,
  statusSchema,
  treeSchema,
} from './memory-responses.js';

const tags = ['memory'];

/** The operator's side of memory items: browse, read with history, edit, pin, retract, export. */
export async function memoryItemsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: FastifyRequest, reason?: string): ChangeMeta => ({
    actor: 'operator',
    actor_name: request.session?.user ?? 'unknown',
    request_id: request.id,
    reason: reason ?? null,
  });
  /** Audited with the path and what changed, never the text (it may hold personal facts). */
  const audit = (request: FastifyRequest, action: string, item: MemoryItem, extra = {}) =>
    app.audit.record({
      action: `memory.${action}`,
      actor: request.session?.user ?? 'unknown',
      target: item.id,
      detail: { path: item.path, status: item.status, ...extra },
      request_id: request.id,
    });

  routes.get(
    '/api/memory/status',
    {
      schema: {
        tags,
        summary: 'Whether extraction runs (and why not), the search mode and the limits',
        response: { 200: statusSchema },
      },
    },
    async () => app.memory.status(),
  );

  routes.put(
    '/api/memory/settings',
    {
      schema: {
        tags,
        summary: 'Choose the embedding model (null: lexical) or switch extraction; returns status',
        body: settingsBodySchema,
        response: { 200: statusSchema },
      },
    },
    async (request) => {
      const actor = request.session?.user ?? 'unknown';
      await app.memorySettings.update(request.body, actor);
      app.audit.record({
        action: 'memory.settings',
        actor,
        detail: { ...request.body },
        request_id: request.id,
      });
      return app.memory.status();
    },
  );

  routes.get(
    '/api/memory/tree',
    {
      schema: {
        tags,
        summary: 'The path tree of memory items with counts per node',
        response: { 200: treeSchema },
      },
    },
    async () => app.memory.tree(),
  );

  routes.get(
    '/api/memory/items',
    {
      schema: {
        tags,
        summary: 'Memory items, newest first, keyset-paged; filter by path, status, kind, q',
        querystring: itemListQuerySchema,
        response: { 200: itemPageSchema },
      },
    },
    async (request) => app.memory.list(request.query),
  );

  routes.post(
    '/api/memory/items',
    {
      schema: {
        tags,
        summary: 'Write an item as the operator (active); blocks are pinned by default',
        body: createItemSchema,
        response: { 201: memoryItemSchema },
      },
    },
    async (request, reply) => {
      const { reason, ...body } = request.body;
      const item = await app.memory.create(
        {
          ...body,
          char_limit: body.char_limit ?? null,
          status: 'active',
          source_kind: 'operator',
          created_by: 'operator',
        },
        meta(request, reason),
      );
      audit(request, 'create', item, { kind: item.kind, pinned: item.pinned });
      return reply.status(201).send(item);
    },
  );

  routes.get(
    '/api/memory/items/:id',
    {
      schema: {
        tags,
        summary: 'One item with its provenance, history and entities',
        params: itemParamsSchema,
        response: { 200: itemDetailSchema },
      },
    },
    async (request) => app.memory.detail(request.params.id),
  );

  routes.patch(
    '/api/memory/items/:id',
    {
      schema: {
        tags,
        summary: 'Edit text, path, kind, confidence or char_limit (provenance is kept)',
        params: itemParamsSchema,
        body: updateItemSchema,
        response: { 200: memoryItemSchema },
      },
    },
    async (request) => {
      const { reason, ...edit } = request.body;
      const item = await app.memory.edit(request.params.id, edit, meta(request, reason));
      audit(request, 'update', item, { changed: Object.keys(edit) });
      return item;
    },
  );

  const transitions = [
    ['retract', 'Retract an item: it stays, but is no longer used'],
    ['restore', 'Restore a retracted item to the status it had'],
    ['confirm', 'Confirm a provisional item (it becomes active)'],
    ['unpin', 'Take a block out of the prompt (it stays searchable)'],
  ] as const;
  for (const [action, summary] of transitions) {
    routes.post(
      `/api/memory/items/:id/${action}`,
      {
        schema: {
          tags,
          summary,
          params: itemParamsSchema,
          body: reasonBodySchema,
          response: { 200: memoryItemSchema },
        },
      },
      async (request) => {
        const item = await app.memory[action](
          request.params.id,
          meta(request, request.body.reason),
        );
        audit(request, action, item);
        return item;
      },
    );
  }

  routes.post(
    '/api/memory/items/:id/pin',
    {
      schema: {
        tags,
        summary: 'Pin an active item into every prompt, with a character limit',
        params: itemParamsSchema,
        body: pinBodySchema,
        response: { 200: memoryItemSchema },
      },
    },
    async (request) => {
      const item = await app.memory.pin(
        request.params.id,
        request.body.char_limit,
        meta(request, request.body.reason),
      );
      audit(request, 'pin', item, { char_limit: item.char_limit });
      return item;
    },
  );

  routes.get(
    '/api/memory/export',
    {
      schema: {
        tags,
        summary:
          'Every memory table as NDJSON, one {"table","row"} object per line (items, events, observations, entities, relations)',
        produces: ['application/x-ndjson'],
      },
    },
    async (request, reply) => {
      app.audit.record({
        action: 'memory.export',
        actor: request.session?.user ?? 'unknown',
        request_id: request.id,
      });
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="memory-${stamp}.ndjson"`)
        .send(Readable.from(exportLines(app.sql.db)));
    },
  );
}
