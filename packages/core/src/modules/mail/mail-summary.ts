import type { FetchMessageObject, MessageAddressObject } from 'imapflow';
import { htmlToText } from '../../net/html-text.js';

/** One message as the mail skill reports it: headers and the start of its text. */
export interface MailSummary {
  uid: number;
  from: string;
  to: string;
  cc: string;
  subject: string;
  /** The Date header (the arrival time when it has none), ISO 8601. */
  date: string | null;
  seen: boolean;
  snippet: string;
  attachments: number;
}

export const SNIPPET_CHARS = 400;

const addressList = (list: MessageAddressObject[] | undefined) =>
  (list ?? [])
    .map(({ name, address }) => (name ? `${name} <${address ?? ''}>` : (address ?? '')))
    .filter(Boolean)
    .join(', ');

const isoDate = (value: Date | string | undefined) => {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** The first SNIPPET_CHARS of the readable text, whitespace collapsed. */
export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…` : flat;
}

/**
 * Headers from the server's ENVELOPE (decoded by imapflow), the text from the source with
 * mailparser: the plain part, or the HTML part as text when there is none.
 */
export async function summarize(message: FetchMessageObject): Promise<MailSummary> {
  // Loaded when mail is first read, like imapflow.
  const { simpleParser } = await import('mailparser');
  const parsed = message.source
    ? await simpleParser(message.source, {
        skipHtmlToText: true,
        skipTextToHtml: true,
        skipImageLinks: true,
        skipTextLinks: true,
      })
    : null;
  const envelope = message.envelope ?? {};
  const html = parsed?.html ? htmlToText(parsed.html).text : '';
  return {
    uid: message.uid,
    from: addressList(envelope.from) || (parsed?.from?.text ?? ''),
    to: addressList(envelope.to),
    cc: addressList(envelope.cc),
    subject: envelope.subject ?? parsed?.subject ?? '',
    date: isoDate(envelope.date) ?? isoDate(parsed?.date) ?? isoDate(message.internalDate),
    seen: message.flags?.has('\\Seen') ?? false,
    snippet: snippetOf(parsed?.text || html),
    attachments: parsed?.attachments.length ?? 0,
  };
}
