import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailRoutes } from './mail.routes.js';
import { MailService } from './mail.service.js';
import { createMailSkill } from './mail.skill.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** The mail skill: SMTP send and IMAP read, through the operator's own servers. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mail = new MailService(app.config.mail);
    app.decorate('mail', mail);
    app.skills.register(createMailSkill(mail));
    await app.register(mailRoutes);
  },
  {
    name: 'mail',
    dependencies: ['context', 'audit', 'auth', 'skills'],
  },
);
