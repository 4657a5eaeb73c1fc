import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const refusalSchema = z.object({
  platform: z.enum(['telegram']),
  user_id: z.string().regex(/^\d{1,20}$/, 'must be a numeric user id'),
  chat_id: z.string().regex(/^-?\d{1,20}$/, 'must be a numeric chat id'),
  kind: z.enum(['message', 'command', 'button']),
  count: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(1)
    .describe('Refused updates of this user since the last row (the bridge writes one a minute)'),
});

/**
 * What agent-messaging reports back to the runtime: a user outside MESSAGING_ALLOWED_USERS who
 * wrote to the bot or pressed a button gets no answer, and the refusal becomes an audit row here,
 * where the operator reads the rest of the audit log. The actor is the session's user (the
 * bridge's own account), so a row cannot be written in another's name.
 */
export const messagingPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/messaging/refusals',
      {
        schema: {
          tags: ['messaging'],
          summary: 'Record a refused messaging user (agent-messaging calls this)',
          body: refusalSchema,
          response: { 201: z.object({ ok: z.literal(true), audit_id: z.string() }) },
        },
      },
      async (request, reply) => {
        const { platform, user_id, chat_id, kind, count } = request.body;
        const id = app.audit.record({
          action: 'messaging.refused',
          actor: request.session?.user ?? 'unknown',
          target: `${platform}:user:${user_id}`,
          detail: { platform, chat_id: `${platform}:${chat_id}`, kind, count },
          request_id: request.id,
        });
        return reply.status(201).send({ ok: true as const, audit_id: id });
      },
    );
  },
  { name: 'messaging', dependencies: ['audit', 'auth'] },
);
