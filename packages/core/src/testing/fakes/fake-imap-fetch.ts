import { bodyStructure, envelope, section } from './fake-imap-mime.js';
import type { StoredMessage } from './fake-imap-search.js';
import { ImapSyntaxError, internalDate, type Token } from './fake-imap-syntax.js';

/** One FETCH data item (RFC 3501 section 6.4.5). */
export type FetchItem =
  | {
      kind:
        | 'UID'
        | 'FLAGS'
        | 'ENVELOPE'
        | 'INTERNALDATE'
        | 'RFC822.SIZE'
        | 'BODYSTRUCTURE'
        | 'BODY';
    }
  | {
      kind: 'section';
      /** How the response names it: BODY[HEADER], BODY[]<0>, RFC822. */
      label: string;
      spec: string;
      peek: boolean;
      partial: { start: number; length: number | null } | null;
    };

const SIMPLE = new Set([
  'UID',
  'FLAGS',
  'ENVELOPE',
  'INTERNALDATE',
  'RFC822.SIZE',
  'BODYSTRUCTURE',
  'BODY',
]);
const MACROS: Record<string, string[]> = {
  FAST: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE'],
  ALL: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE'],
  FULL: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE', 'BODY'],
};
const SECTION_ITEM = /^BODY(\.PEEK)?\[(.*)\](?:<(\d+)(?:\.(\d+))?>)?$/is;

function item(name: string): FetchItem {
  const upper = name.toUpperCase();
  if (SIMPLE.has(upper)) return { kind: upper } as FetchItem;
  if (upper === 'RFC822')
    return { kind: 'section', label: upper, spec: '', peek: false, partial: null };
  if (upper === 'RFC822.HEADER')
    return { kind: 'section', label: upper, spec: 'HEADER', peek: true, partial: null };
  if (upper === 'RFC822.TEXT')
    return { kind: 'section', label: upper, spec: 'TEXT', peek: false, partial: null };
  const match = SECTION_ITEM.exec(name);
  if (!match) throw new ImapSyntaxError(`Unknown FETCH item ${name}`);
  const spec = (match[2] ?? '').toUpperCase();
  const partial = match[3]
    ? { start: Number(match[3]), length: match[4] ? Number(match[4]) : null }
    : null;
  // The response names the section without PEEK and the partial by its origin only.
  const label = `BODY[${spec}]${partial ? `<${partial.start}>` : ''}`;
  return { kind: 'section', label, spec, peek: Boolean(match[1]), partial };
}

/** The items of a FETCH command: one item, a parenthesized list, or a macro. */
export function fetchItems(token: Token | undefined): FetchItem[] {
  if (!token) throw new ImapSyntaxError('Missing FETCH items');
  if (token.kind === 'list') {
    return token.items.map((inner) => {
      if (inner.kind !== 'atom') throw new ImapSyntaxError('Bad FETCH item');
      return item(inner.value);
    });
  }
  if (token.kind !== 'atom') throw new ImapSyntaxError('Bad FETCH item');
  const macro = MACROS[token.value.toUpperCase()];
  return macro ? macro.map(item) : [item(token.value)];
}

type PlainKind = Exclude<FetchItem['kind'], 'section'>;

function plainItem(kind: PlainKind, message: StoredMessage): string {
  switch (kind) {
    case 'UID':
      return String(message.uid);
    case 'FLAGS':
      return flagList(message);
    case 'INTERNALDATE':
      return internalDate(message.internalDate);
    case 'RFC822.SIZE':
      return String(message.raw.length);
    case 'ENVELOPE':
      return envelope(message.mime);
    case 'BODYSTRUCTURE':
      return bodyStructure(message.mime);
    case 'BODY':
      return bodyStructure(message.mime, false);
  }
}

export const flagList = (message: StoredMessage) => `(${[...message.flags].join(' ')})`;

/**
 * The untagged FETCH response for one message. A UID FETCH always reports the UID; a BODY[...]
 * without PEEK in a read-write mailbox sets \Seen and reports the flags (RFC 3501 6.4.5).
 */
export function fetchResponse(
  message: StoredMessage,
  seq: number,
  requested: FetchItem[],
  options: { uid: boolean; readOnly: boolean },
): Buffer {
  const items = [...requested];
  if (options.uid && !items.some((i) => i.kind === 'UID')) items.unshift({ kind: 'UID' });
  const marksSeen = items.some((i) => i.kind === 'section' && !i.peek);
  if (marksSeen && !options.readOnly && !message.flags.has('\\Seen')) {
    message.flags.add('\\Seen');
    if (!items.some((i) => i.kind === 'FLAGS')) items.push({ kind: 'FLAGS' });
  }
  const raw = message.raw.toString('utf8');
  const chunks: Buffer[] = [];
  const text = (value: string) => chunks.push(Buffer.from(value));
  text(`* ${seq} FETCH (`);
  items.forEach((entry, index) => {
    if (index > 0) text(' ');
    if (entry.kind !== 'section') {
      text(`${entry.kind} ${plainItem(entry.kind, message)}`);
      return;
    }
    const content = section(message.mime, raw, entry.spec);
    if (content === null) {
      text(`${entry.label} NIL`);
      return;
    }
    let bytes = Buffer.from(content, 'utf8');
    if (entry.partial) {
      const { start, length } = entry.partial;
      bytes = bytes.subarray(start, length === null ? undefined : start + length);
    }
    text(`${entry.label} {${bytes.length}}\r\n`);
    chunks.push(bytes);
  });
  text(')\r\n');
  return Buffer.concat(chunks);
}
