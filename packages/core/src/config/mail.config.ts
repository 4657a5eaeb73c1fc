import { z } from 'zod';
import { field } from './field.js';

const mailUrl = (schemes: string[]) =>
  z
    .url({ message: 'must be a URL' })
    .refine((value) => schemes.some((s) => value.startsWith(`${s}://`)), {
      message: `must start with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    });

/** The mail skill: where it sends (SMTP) and reads (IMAP). */
export const mailConfig = {
  smtpUrl: field('SMTP_URL', mailUrl(['smtp', 'smtps']).optional(), {
    doc: 'SMTP server for the mail skill, as smtp(s)://user:password@host:port.',
    secret: true,
  }),
  mailFrom: field('MAIL_FROM', z.string().min(3).optional(), {
    doc: 'Sender address of mail the agent sends, such as "Agent <agent@example.com>".',
  }),
  imapUrl: field('IMAP_URL', mailUrl(['imap', 'imaps']).optional(), {
    doc: 'IMAP mailbox the mail skill reads, as imap(s)://user:password@host:port.',
    secret: true,
  }),
};
