import { fetchItems, fetchResponse, flagList } from './fake-imap-fetch.js';
import { compileSearch, type FakeMailbox } from './fake-imap-search.js';
import {
  type Completion,
  ImapSyntaxError,
  reply,
  sequenceSet,
  stringOf,
  type Token,
} from './fake-imap-syntax.js';

export interface SelectedMailbox {
  mailbox: FakeMailbox;
  /** Opened with EXAMINE: nothing may change. */
  readOnly: boolean;
}

/** SEARCH, FETCH and STORE over sequence numbers, or over UIDs with the UID prefix. */
export function messageCommand(
  verb: string,
  args: Token[],
  uid: boolean,
  { mailbox, readOnly }: SelectedMailbox,
  write: (data: string | Buffer) => void,
): Completion {
  const done = () => reply('OK', `${uid ? 'UID ' : ''}${verb} completed`);
  if (verb === 'SEARCH') {
    const test = compileSearch(args, mailbox);
    const found = mailbox.messages
      .map((message, index) => (test(message, index + 1) ? (uid ? message.uid : index + 1) : 0))
      .filter(Boolean);
    write(`* SEARCH${found.map((n) => ` ${n}`).join('')}\r\n`);
    return done();
  }
  const setText = stringOf(args[0]);
  const largest = uid ? (mailbox.messages.at(-1)?.uid ?? 0) : mailbox.messages.length;
  // A sequence number past the end is an error; a UID that does not exist is just no match.
  if (!uid && setText.split(/[,:]/).some((n) => n !== '*' && Number(n) > largest))
    return reply('BAD', 'Invalid message sequence number');
  const inSet = sequenceSet(setText, largest);
  const targets = mailbox.messages
    .map((message, index) => ({ message, seq: index + 1 }))
    .filter(({ message, seq }) => inSet(uid ? message.uid : seq));
  if (verb === 'FETCH') {
    const items = fetchItems(args[1]);
    for (const { message, seq } of targets)
      write(fetchResponse(message, seq, items, { uid, readOnly }));
    return done();
  }
  const action = stringOf(args[1]).toUpperCase();
  const flagsToken = args[2];
  const flags =
    flagsToken?.kind === 'list'
      ? flagsToken.items.map(stringOf)
      : flagsToken
        ? [stringOf(flagsToken)]
        : [];
  const match = /^([+-]?)FLAGS(\.SILENT)?$/.exec(action);
  if (!match) throw new ImapSyntaxError(`Unknown STORE item ${action}`);
  if (readOnly) return reply('NO', '[READ-ONLY] Mailbox is read-only');
  for (const { message, seq } of targets) {
    if (match[1] === '') message.flags.clear();
    for (const flag of flags) {
      if (match[1] === '-') message.flags.delete(flag);
      else message.flags.add(flag);
    }
    if (!match[2])
      write(`* ${seq} FETCH (${uid ? `UID ${message.uid} ` : ''}FLAGS ${flagList(message)})\r\n`);
  }
  return done();
}
