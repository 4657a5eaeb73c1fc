import { decodedText, decodeWords, fieldOf, type MimePart } from './fake-imap-mime.js';
import {
  ImapSyntaxError,
  isSequenceSet,
  searchDate,
  sequenceSet,
  stringOf,
  type Token,
} from './fake-imap-syntax.js';

/** One message in a fake mailbox: the live state the commands read and change. */
export interface StoredMessage {
  uid: number;
  flags: Set<string>;
  internalDate: Date;
  /** The RFC 822 source, CRLF line ends. */
  raw: Buffer;
  mime: MimePart;
}

export interface FakeMailbox {
  name: string;
  uidValidity: number;
  uidNext: number;
  messages: StoredMessage[];
}

type Test = (message: StoredMessage, seq: number) => boolean;

const FLAG_KEYS: Record<string, [flag: string, present: boolean]> = {
  SEEN: ['\\Seen', true],
  UNSEEN: ['\\Seen', false],
  ANSWERED: ['\\Answered', true],
  UNANSWERED: ['\\Answered', false],
  FLAGGED: ['\\Flagged', true],
  UNFLAGGED: ['\\Flagged', false],
  DELETED: ['\\Deleted', true],
  UNDELETED: ['\\Deleted', false],
  DRAFT: ['\\Draft', true],
  UNDRAFT: ['\\Draft', false],
};

const HEADER_KEYS = new Set(['SUBJECT', 'FROM', 'TO', 'CC', 'BCC']);

const contains = (haystack: string, needle: string) =>
  haystack.toLowerCase().includes(needle.toLowerCase());

const headerMatches = (message: StoredMessage, name: string, needle: string) =>
  message.mime.fields.some(
    ([key, value]) => key === name.toLowerCase() && contains(decodeWords(value), needle),
  );

const utcDay = (date: Date) =>
  Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

function sentDay(message: StoredMessage): number | null {
  const date = new Date(fieldOf(message.mime, 'date') ?? '');
  return Number.isNaN(date.getTime()) ? null : utcDay(date);
}

const DATE_KEY = /^(?:SENT)?(?:SINCE|BEFORE|ON)$/;

/** SINCE, BEFORE, ON compare the internal date; the SENT forms the Date header (by UTC day). */
function dateTest(key: string, day: number): Test {
  const kind = key.replace(/^SENT/, '');
  const compare = (value: number | null) => {
    if (value === null) return false;
    if (kind === 'SINCE') return value >= day;
    if (kind === 'BEFORE') return value < day;
    return value === day;
  };
  return (message) =>
    compare(key.startsWith('SENT') ? sentDay(message) : utcDay(message.internalDate));
}

/** A SEARCH program (RFC 3501 section 6.4.4) as a test over the mailbox's messages. */
export function compileSearch(tokens: Token[], mailbox: FakeMailbox): Test {
  let start = 0;
  const first = tokens[0];
  if (first?.kind === 'atom' && first.value.toUpperCase() === 'CHARSET') {
    const charset = stringOf(tokens[1]).toUpperCase();
    if (charset !== 'UTF-8' && charset !== 'US-ASCII')
      throw new ImapSyntaxError(`[BADCHARSET (UTF-8 US-ASCII)] Unsupported charset ${charset}`);
    start = 2;
  }
  const largestUid = mailbox.messages.at(-1)?.uid ?? 0;

  const key = (list: Token[], index: number): [Test, number] => {
    const token = list[index];
    if (!token) throw new ImapSyntaxError('Missing search key');
    if (token.kind === 'list') {
      return [all(token.items), index + 1];
    }
    const name = stringOf(token).toUpperCase();
    const argument = () => stringOf(list[index + 1]);
    if (name === 'ALL') return [() => true, index + 1];
    if (name === 'OLD') return [() => true, index + 1];
    if (name === 'NEW' || name === 'RECENT') return [() => false, index + 1];
    const flag = FLAG_KEYS[name];
    if (flag) return [(m) => m.flags.has(flag[0]) === flag[1], index + 1];
    if (name === 'KEYWORD' || name === 'UNKEYWORD') {
      const keyword = argument();
      return [(m) => m.flags.has(keyword) === (name === 'KEYWORD'), index + 2];
    }
    if (name === 'NOT') {
      const [test, next] = key(list, index + 1);
      return [(m, s) => !test(m, s), next];
    }
    if (name === 'OR') {
      const [left, middle] = key(list, index + 1);
      const [right, next] = key(list, middle);
      return [(m, s) => left(m, s) || right(m, s), next];
    }
    if (name === 'TEXT') {
      const needle = argument();
      return [(m) => contains(m.raw.toString('utf8'), needle) || textMatch(m, needle), index + 2];
    }
    if (name === 'BODY') {
      const needle = argument();
      return [(m) => contains(m.mime.body, needle) || textMatch(m, needle), index + 2];
    }
    if (HEADER_KEYS.has(name)) {
      const needle = argument();
      return [(m) => headerMatches(m, name, needle), index + 2];
    }
    if (name === 'HEADER') {
      const field = argument();
      const needle = stringOf(list[index + 2]);
      return [(m) => headerMatches(m, field, needle), index + 3];
    }
    if (name === 'LARGER' || name === 'SMALLER') {
      const size = Number(argument());
      return [(m) => (name === 'LARGER' ? m.raw.length > size : m.raw.length < size), index + 2];
    }
    if (name === 'UID') {
      const inSet = sequenceSet(argument(), largestUid);
      return [(m) => inSet(m.uid), index + 2];
    }
    if (DATE_KEY.test(name)) return [dateTest(name, searchDate(argument()).getTime()), index + 2];
    if (isSequenceSet(name)) {
      const inSet = sequenceSet(name, mailbox.messages.length);
      return [(_m, seq) => inSet(seq), index + 1];
    }
    throw new ImapSyntaxError(`Unknown search key ${name}`);
  };

  /** Keys side by side must all match (a parenthesized list, or the whole program). */
  const all = (list: Token[], from = 0): Test => {
    if (from >= list.length) throw new ImapSyntaxError('Missing search key');
    const tests: Test[] = [];
    for (let index = from; index < list.length; ) {
      const [test, next] = key(list, index);
      tests.push(test);
      index = next;
    }
    return (message, seq) => tests.every((test) => test(message, seq));
  };
  return all(tokens, start);
}

const textMatch = (message: StoredMessage, needle: string) =>
  contains(decodedText(message.mime), needle) ||
  message.mime.fields.some(([, value]) => contains(decodeWords(value), needle));
