import { z } from 'zod';

const endpointStatus = z.object({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  secure: z
    .boolean()
    .nullable()
    .describe('Implicit TLS (smtps://, imaps://); false: STARTTLS when offered'),
});

export const mailStatusSchema = z.object({
  smtp: endpointStatus.extend({
    from: z.string().nullable().describe('The sender address (MAIL_FROM, or the SMTP user)'),
  }),
  imap: endpointStatus,
});

const connectionCheck = z.object({
  ok: z.boolean(),
  error: z.string().optional().describe('Why the check failed, in words; never credentials'),
});

export const mailTestSchema = z.object({ smtp: connectionCheck, imap: connectionCheck });
