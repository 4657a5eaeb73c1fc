import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import type { MailAddress } from './smtp-sender.js';

export const MAX_RECIPIENTS = 50;
export const DEFAULT_READ_LIMIT = 10;

export type SendInput = {
  action: 'send';
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  body: string;
};
export type ReadInput = {
  action: 'read';
  folder: string;
  limit: number;
  unseen_only: boolean;
  search: string | null;
  mark_seen: boolean;
};
export type MailInput = SendInput | ReadInput;

const recipients = z.union([
  z.string().min(3).max(2000),
  z.array(z.string().min(3).max(320)).min(1).max(MAX_RECIPIENTS),
]);
const email = z.email();
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters would forge headers
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Addresses as the model writes them ("bob@example.com", "Bob <bob@example.com>", a list, or
 * one comma-separated string), each checked; null with the problem when one is not an address.
 */
function parseRecipients(value: string | string[]): MailAddress[] | string {
  const texts = Array.isArray(value) ? value : [value];
  const out: MailAddress[] = [];
  for (const text of texts) {
    if (CONTROL.test(text)) return 'must not contain line breaks or control characters';
    const parsed = addressparser(text, { flatten: true });
    if (!parsed.length) return `"${text}" is not an e-mail address`;
    for (const { name, address } of parsed) {
      if (!email.safeParse(address).success) return `"${address || text}" is not an e-mail address`;
      out.push({ name, address });
    }
  }
  return out;
}

export const mailInputSchema = z
  .object({
    action: z
      .enum(['send', 'read'])
      .describe('send: send a plain-text e-mail. read: list recent messages of a mailbox folder.'),
    to: recipients
      .optional()
      .describe(
        'send: recipient address(es): "bob@example.com" or "Bob <bob@example.com>"; several as a list or comma-separated.',
      ),
    cc: recipients.optional().describe('send: copy recipient address(es), like to.'),
    subject: z
      .string()
      .max(500)
      .refine((text) => !CONTROL.test(text), 'must be one line without control characters')
      .optional()
      .describe('send: the subject line.'),
    body: z.string().max(100_000).optional().describe('send: the message text (plain text).'),
    folder: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('read: the mailbox folder, INBOX by default.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .optional()
      .describe(`read: how many messages, newest first (1-50, default ${DEFAULT_READ_LIMIT}).`),
    unseen_only: z.boolean().optional().describe('read: only messages not yet marked as read.'),
    search: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('read: only messages containing this text in a header or the body.'),
    mark_seen: z
      .boolean()
      .optional()
      .describe('read: mark the returned messages as read (by default reading changes nothing).'),
  })
  .transform((input, ctx): MailInput => {
    if (input.action === 'read')
      return {
        action: 'read',
        folder: input.folder ?? 'INBOX',
        limit: input.limit ?? DEFAULT_READ_LIMIT,
        unseen_only: input.unseen_only ?? false,
        search: input.search ?? null,
        mark_seen: input.mark_seen ?? false,
      };
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    if (input.to === undefined) return issue('to', 'required to send');
    if (input.subject === undefined) return issue('subject', 'required to send');
    if (input.body === undefined) return issue('body', 'required to send');
    const to = parseRecipients(input.to);
    if (typeof to === 'string') return issue('to', to);
    const cc = input.cc === undefined ? [] : parseRecipients(input.cc);
    if (typeof cc === 'string') return issue('cc', cc);
    if (to.length + cc.length > MAX_RECIPIENTS)
      return issue('to', `at most ${MAX_RECIPIENTS} recipients in all`);
    return { action: 'send', to, cc, subject: input.subject, body: input.body };
  });
