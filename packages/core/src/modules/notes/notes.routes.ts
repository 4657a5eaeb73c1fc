import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditEntryInput } from '../audit/audit.schema.js';
import {
  createNoteSchema,
  noteListQuerySchema,
  notePageSchema,
  noteParamsSchema,
  noteSchema,
  updateNoteSchema,
} from './notes.schema.js';

type Change = Pick<AuditEntryInput, 'action' | 'target' | 'detail'>;

/** Thin HTTP layer over app.notes; every change is audited with the title, never the body. */
export async function notesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const audit = (request: FastifyRequest, change: Change) =>
    app.audit.record({
      ...change,
      actor: request.session?.user ?? 'unknown',
      request_id: request.id,
    });

  routes.get(
    '/api/notes',
    {
      schema: {
        tags: ['notes'],
        summary: 'Notes, newest first, keyset-paged; q searches title, body and tags',
        querystring: noteListQuerySchema,
        response: { 200: notePageSchema },
      },
    },
    async (request) => app.notes.page(request.query),
  );

  routes.post(
    '/api/notes',
    {
      schema: {
        tags: ['notes'],
        summary: 'Write a note (source operator); 201 with the note',
        body: createNoteSchema,
        response: { 201: noteSchema },
      },
    },
    async (request, reply) => {
      const note = await app.notes.create({ ...request.body, source: 'operator' });
      audit(request, {
        action: 'note.create',
        target: note.note_id,
        detail: { title: note.title, tags: note.tags, source_ref: note.source_ref },
      });
      return reply.status(201).send(note);
    },
  );

  routes.get(
    '/api/notes/:note_id',
    {
      schema: {
        tags: ['notes'],
        summary: 'One note',
        params: noteParamsSchema,
        response: { 200: noteSchema },
      },
    },
    async (request) => app.notes.get(request.params.note_id),
  );

  routes.patch(
    '/api/notes/:note_id',
    {
      schema: {
        tags: ['notes'],
        summary: 'Change the title, body, tags or source_ref of a note',
        params: noteParamsSchema,
        body: updateNoteSchema,
        response: { 200: noteSchema },
      },
    },
    async (request) => {
      const { note, changed } = await app.notes.update(request.params.note_id, request.body);
      audit(request, {
        action: 'note.update',
        target: note.note_id,
        detail: { title: note.title, changed },
      });
      return note;
    },
  );

  routes.delete(
    '/api/notes/:note_id',
    {
      schema: {
        tags: ['notes'],
        summary: 'Delete a note',
        params: noteParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const note = await app.notes.delete(request.params.note_id);
      audit(request, {
        action: 'note.delete',
        target: note.note_id,
        detail: { title: note.title, source: note.source },
      });
      return { ok: true as const };
    },
  );
}
