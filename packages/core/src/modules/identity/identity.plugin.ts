import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityPatchSchema, identitySchema } from './identity.schema.js';
import { IdentityService } from './identity.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const identity = new IdentityService(app.sql.db, app.kv, app.pendingWrites);
    await identity.ensure();
    app.decorate('identity', identity);

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/identity',
      {
        schema: {
          tags: ['identity'],
          summary: "The agent's name, birth, experience, level and persona",
          response: { 200: identitySchema },
        },
      },
      async () => identity.get(),
    );
    routes.patch(
      '/api/identity',
      {
        schema: {
          tags: ['identity'],
          summary: 'Rename the agent or change its persona',
          body: identityPatchSchema,
          response: { 200: identitySchema },
        },
      },
      async (request) => {
        const before = await identity.get();
        const after = await identity.update(request.body);
        app.audit.record({
          action: 'identity.update',
          actor: request.session?.user ?? 'unknown',
          detail: {
            ...(request.body.name !== undefined
              ? { name: { from: before.name, to: after.name } }
              : {}),
            ...(request.body.persona !== undefined ? { persona_changed: true } : {}),
          },
          request_id: request.id,
        });
        return after;
      },
    );
  },
  { name: 'identity', dependencies: ['context', 'audit'] },
);
