import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Session } from '../auth/session.service.js';
import { mailStatusSchema, mailTestSchema } from './mail.schema.js';

/** Where mail goes and comes from (never the credentials), and a login check of both servers. */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/mail/status',
    {
      schema: {
        tags: ['mail'],
        summary: 'The configured SMTP and IMAP servers: host, port, TLS; never credentials',
        response: { 200: mailStatusSchema },
      },
    },
    async () => app.mail.status(),
  );

  routes.post(
    '/api/mail/test',
    {
      schema: {
        tags: ['mail'],
        summary: 'Log in to the SMTP and IMAP servers; a failure is ok:false with the reason',
        response: { 200: mailTestSchema },
      },
    },
    async (request) => {
      const result = await app.mail.test();
      app.audit.record({
        action: 'mail.test',
        actor: (request.session as Session).user,
        target: null,
        detail: result,
        request_id: request.id,
      });
      return result;
    },
  );
}
