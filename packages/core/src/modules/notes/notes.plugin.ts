import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotesRepository } from './notes.repository.js';
import { notesRoutes } from './notes.routes.js';
import { NotesService } from './notes.service.js';
import { createNotesSkill } from './notes.skill.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notes of the operator, the agent and the feeds (cognitive state: a Panic Reset wipes them). */
    notes: NotesService;
  }
}

/** Notes the agent and the operator keep, and the notes skill. */
export const notesPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new NotesService(new NotesRepository(app.sql.db));
    app.decorate('notes', service);
    app.skills.register(createNotesSkill(service));
    await app.register(notesRoutes);
  },
  {
    name: 'notes',
    dependencies: ['context', 'audit', 'skills'],
  },
);
