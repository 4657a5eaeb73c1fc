import addressparser from 'nodemailer/lib/addressparser';
import { nstring, quote } from './fake-imap-syntax.js';

/**
 * Just enough MIME (RFC 2045/2046) for the fake IMAP server to answer ENVELOPE, BODYSTRUCTURE,
 * BODY[section] and TEXT searches the way a real server does. Messages are CRLF text.
 */
export interface MimePart {
  /** The header block, including the blank line that ends it. */
  header: string;
  body: string;
  fields: Array<[name: string, value: string]>;
  type: string;
  subtype: string;
  params: Record<string, string>;
  encoding: string;
  parts: MimePart[];
  /** The message inside a message/rfc822 part. */
  embedded: MimePart | null;
}

export function parseMime(raw: string): MimePart {
  const end = raw.startsWith('\r\n') ? 0 : raw.indexOf('\r\n\r\n');
  const header = end < 0 ? `${raw}\r\n\r\n` : raw.slice(0, end === 0 ? 2 : end + 4);
  const body = end < 0 ? '' : raw.slice(end === 0 ? 2 : end + 4);
  const fields = header
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .map((line) => /^([^:\s]+):\s*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]?.toLowerCase() ?? '', match[2]?.trim() ?? ''] as [string, string]);
  const field = (name: string) => fields.find(([key]) => key === name)?.[1];
  const [media = 'text/plain', ...paramTexts] = (field('content-type') ?? 'text/plain').split(';');
  const [type = 'text', subtype = 'plain'] = media.trim().toLowerCase().split('/');
  const params: Record<string, string> = {};
  for (const text of paramTexts) {
    const match = /^\s*([^=\s]+)\s*=\s*"?([^"]*)"?\s*$/.exec(text);
    if (match?.[1]) params[match[1].toLowerCase()] = match[2] ?? '';
  }
  if (type === 'text' && !params.charset) params.charset = 'us-ascii';
  const part: MimePart = {
    header,
    body,
    fields,
    type,
    subtype,
    params,
    encoding: (field('content-transfer-encoding') ?? '7bit').toLowerCase(),
    parts: [],
    embedded: null,
  };
  if (type === 'multipart' && params.boundary)
    part.parts = splitMultipart(body, params.boundary).map(parseMime);
  if (type === 'message' && subtype === 'rfc822') part.embedded = parseMime(body);
  return part;
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\r\n')) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}` || trimmed === `--${boundary}--`) {
      if (current) parts.push(current.join('\r\n'));
      if (trimmed === `--${boundary}--`) return parts;
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

export const fieldOf = (part: MimePart, name: string) =>
  part.fields.find(([key]) => key === name.toLowerCase())?.[1] ?? null;

/** RFC 2047 encoded words, so header searches match what a reader sees. */
export function decodeWords(text: string): string {
  return text.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset, kind, data) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(String(data).replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = Buffer.from(text.replace(/=\r\n/g, ''), 'utf8');
  for (let i = 0; i < source.length; i++) {
    const hex = source.subarray(i + 1, i + 3).toString('latin1');
    if (source[i] === 0x3d && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(source[i] as number);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The readable text of every leaf text part, decoded (what a TEXT or BODY search looks in). */
export function decodedText(part: MimePart): string {
  if (part.embedded) return `${part.embedded.header}${decodedText(part.embedded)}`;
  if (part.parts.length) return part.parts.map(decodedText).join('\n');
  if (part.type !== 'text') return '';
  if (part.encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (part.encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function addresses(value: string | null): string {
  if (!value) return 'NIL';
  const list = addressparser(value, { flatten: true }).filter((entry) => entry.address);
  if (!list.length) return 'NIL';
  const items = list.map(({ name, address }) => {
    const at = address.lastIndexOf('@');
    const mailbox = at < 0 ? address : address.slice(0, at);
    const host = at < 0 ? null : address.slice(at + 1);
    return `(${nstring(name || null)} NIL ${quote(mailbox)} ${nstring(host)})`;
  });
  return `(${items.join('')})`;
}

/** ENVELOPE (RFC 3501 section 7.4.2); sender and reply-to default to from, as servers do. */
export function envelope(part: MimePart): string {
  const from = fieldOf(part, 'from');
  return `(${[
    nstring(fieldOf(part, 'date')),
    nstring(fieldOf(part, 'subject')),
    addresses(from),
    addresses(fieldOf(part, 'sender') ?? from),
    addresses(fieldOf(part, 'reply-to') ?? from),
    addresses(fieldOf(part, 'to')),
    addresses(fieldOf(part, 'cc')),
    addresses(fieldOf(part, 'bcc')),
    nstring(fieldOf(part, 'in-reply-to')),
    nstring(fieldOf(part, 'message-id')),
  ].join(' ')})`;
}

const paramList = (params: Record<string, string>) => {
  const entries = Object.entries(params);
  if (!entries.length) return 'NIL';
  return `(${entries.map(([key, value]) => `${quote(key.toUpperCase())} ${quote(value)}`).join(' ')})`;
};

function disposition(part: MimePart): string {
  const value = fieldOf(part, 'content-disposition');
  if (!value) return 'NIL';
  const [kind = 'attachment', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const text of rest) {
    const match = /^\s*([^=\s]+)\s*=\s*"?([^"]*)"?\s*$/.exec(text);
    if (match?.[1]) params[match[1].toLowerCase()] = match[2] ?? '';
  }
  return `(${quote(kind.trim().toUpperCase())} ${paramList(params)})`;
}

const lineCount = (text: string) => (text ? text.split('\r\n').length : 0);

/** BODYSTRUCTURE (RFC 3501 section 7.4.2) with extension data, or BODY without it. */
export function bodyStructure(part: MimePart, extended = true): string {
  if (part.parts.length) {
    const children = part.parts.map((inner) => bodyStructure(inner, extended)).join('');
    const subtype = quote(part.subtype.toUpperCase());
    if (!extended) return `(${children} ${subtype})`;
    return `(${children} ${subtype} ${paramList(part.params)} ${disposition(part)} NIL NIL)`;
  }
  const basic = [
    quote(part.type.toUpperCase()),
    quote(part.subtype.toUpperCase()),
    paramList(part.params),
    nstring(fieldOf(part, 'content-id')),
    nstring(fieldOf(part, 'content-description')),
    quote(part.encoding.toUpperCase()),
    String(Buffer.byteLength(part.body)),
  ];
  if (part.embedded)
    basic.push(
      envelope(part.embedded),
      bodyStructure(part.embedded, extended),
      String(lineCount(part.body)),
    );
  else if (part.type === 'text') basic.push(String(lineCount(part.body)));
  if (extended) basic.push('NIL', disposition(part), 'NIL', 'NIL');
  return `(${basic.join(' ')})`;
}

function child(part: MimePart, number: number): MimePart | undefined {
  const target = part.embedded ?? part;
  if (target.parts.length) return target.parts[number - 1];
  return number === 1 ? target : undefined;
}

function headerFields(part: MimePart, names: string[], exclude: boolean): string {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  const lines = part.header.replace(/\r\n\r\n$/, '\r\n').split(/\r\n(?![ \t])/);
  const kept = lines.filter((line) => {
    const name = /^([^:\s]+):/.exec(line)?.[1]?.toLowerCase();
    return name !== undefined && wanted.has(name) !== exclude;
  });
  return `${kept.map((line) => `${line.replace(/\r\n$/, '')}\r\n`).join('')}\r\n`;
}

const SECTION =
  /^(\d+(?:\.\d+)*)?(?:\.?(HEADER\.FIELDS\.NOT|HEADER\.FIELDS|HEADER|TEXT|MIME))?\s*(?:\(([^)]*)\))?$/i;

/** The text of a BODY[section] (RFC 3501 section 6.4.5), or null when there is no such part. */
export function section(root: MimePart, raw: string, spec: string): string | null {
  const match = SECTION.exec(spec.trim());
  if (!match) return null;
  const [, numbers, modifierText, fieldText = ''] = match;
  const modifier = modifierText?.toUpperCase();
  let node: MimePart | undefined = root;
  for (const number of numbers ? numbers.split('.') : [])
    node = node && child(node, Number(number));
  if (!node) return null;
  if (!numbers && !modifier) return raw;
  if (modifier === 'MIME') return numbers ? node.header : null;
  // With a part number, HEADER and TEXT address the message inside a message/rfc822 part.
  const message = numbers ? node.embedded : node;
  if (!modifier) return node.body;
  if (!message) return null;
  if (modifier === 'HEADER') return message.header;
  if (modifier === 'TEXT') return message.body;
  const names = fieldText.split(/\s+/).filter(Boolean);
  return headerFields(message, names, modifier === 'HEADER.FIELDS.NOT');
}
