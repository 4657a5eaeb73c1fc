/**
 * IMAP4rev1 syntax for the fake server (RFC 3501 section 9): reading command arguments and
 * writing response values. Literals the client sent are spliced into the command text as
 * `\0<index>\0` placeholders by the connection (NUL cannot occur in a command), so the tokenizer
 * sees one string.
 */

export type Token =
  | { kind: 'atom'; value: string }
  | { kind: 'string'; value: string }
  | { kind: 'list'; items: Token[] };

/** Thrown for a malformed command: the session answers it with a tagged BAD. */
export class ImapSyntaxError extends Error {}

/** The tagged completion of a command; null while it waits for a continuation. */
export type Completion = { status: 'OK' | 'NO' | 'BAD'; text: string } | null;
export const reply = (status: 'OK' | 'NO' | 'BAD', text: string): Completion => ({ status, text });

const LITERAL_PLACEHOLDER = /^\0(\d+)\0/;

/** Splits command arguments into atoms, strings (quoted or literal) and parenthesized lists. */
export function tokenize(text: string, literals: string[]): Token[] {
  const root: Token[] = [];
  const stack: Token[][] = [root];
  let i = 0;
  const current = () => stack[stack.length - 1] as Token[];
  while (i < text.length) {
    const char = text[i] as string;
    if (char === ' ') {
      i++;
    } else if (char === '(') {
      const list: Token = { kind: 'list', items: [] };
      current().push(list);
      stack.push(list.items);
      i++;
    } else if (char === ')') {
      if (stack.length === 1) throw new ImapSyntaxError('Unbalanced parenthesis');
      stack.pop();
      i++;
    } else if (char === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new ImapSyntaxError('Unterminated quoted string');
        const next = text[i] as string;
        if (next === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
        } else if (next === '"') {
          i++;
          break;
        } else {
          value += next;
          i++;
        }
      }
      current().push({ kind: 'string', value });
    } else if (char === '\0') {
      const match = LITERAL_PLACEHOLDER.exec(text.slice(i));
      const literal = match ? literals[Number(match[1])] : undefined;
      if (!match || literal === undefined) throw new ImapSyntaxError('Bad literal');
      current().push({ kind: 'string', value: literal });
      i += match[0].length;
    } else {
      // An atom; a fetch attribute such as BODY.PEEK[HEADER.FIELDS (FROM)]<0.100> keeps its
      // bracketed section, spaces and parentheses included, as one atom.
      let value = '';
      let depth = 0;
      while (i < text.length) {
        const next = text[i] as string;
        if (depth === 0 && (next === ' ' || next === '(' || next === ')')) break;
        if (next === '[') depth++;
        if (next === ']') depth--;
        value += next;
        i++;
      }
      current().push({ kind: 'atom', value });
    }
  }
  if (stack.length !== 1) throw new ImapSyntaxError('Unbalanced parenthesis');
  return root;
}

/** An astring argument (atom, quoted string or literal) as text. */
export function stringOf(token: Token | undefined): string {
  if (!token || token.kind === 'list') throw new ImapSyntaxError('Expected a string');
  return token.value;
}

/** A mailbox name; INBOX is case-insensitive (RFC 3501 section 5.1). */
export function mailboxName(token: Token | undefined): string {
  const name = stringOf(token);
  return name.toUpperCase() === 'INBOX' ? 'INBOX' : name;
}

/** A string as a response value: quoted when it can be, a literal otherwise (8-bit, CRLF). */
export function quote(value: string): string {
  if (/[\r\n\0\u0080-\uffff]/.test(value) || value.length > 1000)
    return `{${Buffer.byteLength(value)}}\r\n${value}`;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

export const nstring = (value: string | null | undefined) =>
  value === null || value === undefined ? 'NIL' : quote(value);

/**
 * A sequence set (`1:3,5,7:*`) as a test over numbers; `*` is the largest number in use
 * (the message count, or the highest UID).
 */
export function sequenceSet(text: string, largest: number): (value: number) => boolean {
  const ranges = text.split(',').map((part) => {
    const [from, to = from] = part.split(':');
    const number = (item: string | undefined) => {
      if (item === '*') return largest;
      if (!item || !/^\d+$/.test(item) || Number(item) === 0)
        throw new ImapSyntaxError(`Invalid sequence set ${text}`);
      return Number(item);
    };
    const a = number(from);
    const b = number(to);
    return [Math.min(a, b), Math.max(a, b)] as const;
  });
  return (value) => ranges.some(([low, high]) => value >= low && value <= high);
}

export const isSequenceSet = (text: string) =>
  /^(?:\d+|\*)(?::(?:\d+|\*))?(?:,(?:\d+|\*)(?::(?:\d+|\*))?)*$/.test(text);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** INTERNALDATE as RFC 3501 writes it: "17-Jul-1996 02:44:25 +0000" (always in UTC here). */
export function internalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, ' ');
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `"${day}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()} ${time} +0000"`;
}

/** A search date ("1-Feb-1994") as the UTC midnight that starts it. */
export function searchDate(text: string): Date {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  const month = match ? MONTHS.findIndex((m) => m.toLowerCase() === match[2]?.toLowerCase()) : -1;
  if (!match || month < 0) throw new ImapSyntaxError(`Invalid date ${text}`);
  return new Date(Date.UTC(Number(match[3]), month, Number(match[1])));
}
