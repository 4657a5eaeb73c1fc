import { messageCommand, type SelectedMailbox } from './fake-imap-messages.js';
import type { FakeMailbox } from './fake-imap-search.js';
import {
  type Completion,
  ImapSyntaxError,
  mailboxName,
  quote,
  reply,
  stringOf,
  type Token,
  tokenize,
} from './fake-imap-syntax.js';

/** What every connection of one fake server shares. */
export interface ImapServerState {
  user: string;
  password: string;
  mailboxes: Map<string, FakeMailbox>;
  /** Every command line received, credentials hidden. */
  commands: string[];
  /** Every login attempt: the user name and whether it was accepted. */
  logins: Array<{ user: string; ok: boolean; method: 'LOGIN' | 'AUTHENTICATE PLAIN' }>;
}

export const CAPABILITIES = 'IMAP4rev1 ID ENABLE NAMESPACE AUTH=PLAIN';
const SYSTEM_FLAGS = '(\\Answered \\Flagged \\Deleted \\Seen \\Draft)';

type State = 'not_authenticated' | 'authenticated' | 'selected' | 'logout';
const NEEDS_AUTH = new Set(['SELECT', 'EXAMINE', 'LIST', 'LSUB', 'NAMESPACE', 'STATUS', 'ENABLE']);
const NEEDS_SELECTED = new Set(['FETCH', 'SEARCH', 'STORE', 'CLOSE', 'CHECK', 'UID']);

/**
 * One IMAP4rev1 connection (RFC 3501): the state machine and the commands imapflow sends.
 * Responses are written as they are produced; errors follow the RFC (BAD for syntax and
 * commands not valid in the state, NO for refusals).
 */
export class ImapSession {
  private state: State = 'not_authenticated';
  private selected: SelectedMailbox | null = null;
  /** Set while the client owes a continuation line (AUTHENTICATE). */
  continuation: ((line: string) => void) | null = null;

  constructor(
    private readonly server: ImapServerState,
    private readonly write: (data: string | Buffer) => void,
    private readonly end: () => void,
  ) {}

  greet(): void {
    this.write(`* OK [CAPABILITY ${CAPABILITIES}] Fake IMAP ready\r\n`);
  }

  /** One whole command: its text with literals spliced in as placeholders. */
  command(text: string, literals: string[]): void {
    const [tag = '*', name = ''] = text.split(' ', 2);
    const verb = name.toUpperCase();
    this.server.commands.push(verb === 'LOGIN' ? `${tag} LOGIN ***` : text);
    if (!/^[^\s(){%*"\\\]]+$/.test(tag) || tag === '*') {
      this.write('* BAD Missing or invalid tag\r\n');
      return;
    }
    try {
      const args = tokenize(text.slice(tag.length + name.length + 2), literals);
      this.complete(tag, this.dispatch(tag, verb, args));
    } catch (error) {
      if (!(error instanceof ImapSyntaxError)) throw error;
      this.complete(tag, reply('BAD', error.message));
    }
  }

  private complete(tag: string, completion: Completion): void {
    if (!completion) return;
    this.write(`${tag} ${completion.status} ${completion.text}\r\n`);
    if (this.state === 'logout') this.end();
  }

  private dispatch(tag: string, verb: string, args: Token[]): Completion {
    if (this.state === 'not_authenticated' && (NEEDS_AUTH.has(verb) || NEEDS_SELECTED.has(verb)))
      return reply('BAD', `${verb} is not valid before login`);
    if (this.state !== 'selected' && NEEDS_SELECTED.has(verb))
      return reply('BAD', `${verb} needs a selected mailbox`);
    switch (verb) {
      case 'CAPABILITY':
        this.write(`* CAPABILITY ${CAPABILITIES}\r\n`);
        return reply('OK', 'CAPABILITY completed');
      case 'NOOP':
      case 'CHECK':
        return reply('OK', `${verb} completed`);
      case 'ID':
        this.write('* ID ("name" "fake-imap" "version" "1")\r\n');
        return reply('OK', 'ID completed');
      case 'LOGOUT':
        this.state = 'logout';
        this.write('* BYE Fake IMAP logging out\r\n');
        return reply('OK', 'LOGOUT completed');
      case 'LOGIN':
        return this.login(stringOf(args[0]), stringOf(args[1]), 'LOGIN');
      case 'AUTHENTICATE':
        return this.authenticate(tag, args);
      case 'ENABLE':
        // RFC 5161: extensions the server does not support are ignored, not refused.
        this.write('* ENABLED\r\n');
        return reply('OK', 'ENABLE completed');
      case 'NAMESPACE':
        this.write('* NAMESPACE (("" "/")) NIL NIL\r\n');
        return reply('OK', 'NAMESPACE completed');
      case 'LIST':
      case 'LSUB':
        return this.list(verb, args);
      case 'STATUS':
        return this.status(args);
      case 'SELECT':
      case 'EXAMINE':
        return this.select(verb, mailboxName(args[0]));
      case 'CLOSE':
        this.expunge();
        this.selected = null;
        this.state = 'authenticated';
        return reply('OK', 'CLOSE completed');
      case 'FETCH':
      case 'SEARCH':
      case 'STORE':
        return messageCommand(verb, args, false, this.selectedMailbox(), this.write);
      case 'UID': {
        const sub = stringOf(args[0]).toUpperCase();
        if (!['FETCH', 'SEARCH', 'STORE'].includes(sub))
          return reply('BAD', `Unknown UID command ${sub}`);
        return messageCommand(sub, args.slice(1), true, this.selectedMailbox(), this.write);
      }
      default:
        return reply('BAD', `Unknown command ${verb}`);
    }
  }

  private login(
    user: string,
    password: string,
    method: 'LOGIN' | 'AUTHENTICATE PLAIN',
  ): Completion {
    if (this.state !== 'not_authenticated') return reply('BAD', 'Already logged in');
    const ok = user === this.server.user && password === this.server.password;
    this.server.logins.push({ user, ok, method });
    if (!ok) return reply('NO', '[AUTHENTICATIONFAILED] Authentication failed');
    this.state = 'authenticated';
    return reply('OK', `[CAPABILITY ${CAPABILITIES}] Logged in`);
  }

  /** AUTHENTICATE PLAIN, with the initial response inline (SASL-IR) or after a `+`. */
  private authenticate(tag: string, args: Token[]): Completion {
    if (stringOf(args[0]).toUpperCase() !== 'PLAIN')
      return reply('NO', 'Unsupported authentication mechanism');
    const answer = (response: string): Completion => {
      if (response === '*') return reply('BAD', 'AUTHENTICATE cancelled');
      const decoded = Buffer.from(response, 'base64').toString('utf8');
      const [, user = '', password = ''] = decoded.split('\0');
      return this.login(user, password, 'AUTHENTICATE PLAIN');
    };
    if (args[1]) return answer(stringOf(args[1]));
    this.continuation = (line) => {
      this.continuation = null;
      this.server.commands.push('***');
      this.complete(tag, answer(line));
    };
    this.write('+ \r\n');
    return null;
  }

  private list(verb: string, args: Token[]): Completion {
    const pattern = stringOf(args[1]);
    if (pattern === '') {
      this.write(`* ${verb} (\\Noselect) "/" ""\r\n`);
      return reply('OK', `${verb} completed`);
    }
    const wildcard = pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/%/g, '[^/]*');
    const matcher = new RegExp(`^${wildcard}$`, 'i');
    for (const name of this.server.mailboxes.keys())
      if (matcher.test(name)) this.write(`* ${verb} (\\HasNoChildren) "/" ${quote(name)}\r\n`);
    return reply('OK', `${verb} completed`);
  }

  private status(args: Token[]): Completion {
    const mailbox = this.server.mailboxes.get(mailboxName(args[0]));
    if (!mailbox) return reply('NO', '[NONEXISTENT] Mailbox does not exist');
    const wanted =
      args[1]?.kind === 'list' ? args[1].items.map((i) => stringOf(i).toUpperCase()) : [];
    const values: Record<string, number> = {
      MESSAGES: mailbox.messages.length,
      RECENT: 0,
      UIDNEXT: mailbox.uidNext,
      UIDVALIDITY: mailbox.uidValidity,
      UNSEEN: mailbox.messages.filter((m) => !m.flags.has('\\Seen')).length,
    };
    const items = wanted.filter((name) => name in values).map((name) => `${name} ${values[name]}`);
    this.write(`* STATUS ${quote(mailbox.name)} (${items.join(' ')})\r\n`);
    return reply('OK', 'STATUS completed');
  }

  private select(verb: string, name: string): Completion {
    // A failed SELECT leaves no mailbox selected (RFC 3501 6.3.1).
    this.selected = null;
    this.state = 'authenticated';
    const mailbox = this.server.mailboxes.get(name);
    if (!mailbox) return reply('NO', '[NONEXISTENT] Mailbox does not exist');
    const readOnly = verb === 'EXAMINE';
    const firstUnseen = mailbox.messages.findIndex((m) => !m.flags.has('\\Seen'));
    this.write(`* ${mailbox.messages.length} EXISTS\r\n* 0 RECENT\r\n* FLAGS ${SYSTEM_FLAGS}\r\n`);
    this.write(
      readOnly
        ? '* OK [PERMANENTFLAGS ()] No permanent flags permitted\r\n'
        : `* OK [PERMANENTFLAGS ${SYSTEM_FLAGS.replace(')', ' \\*)')}] Flags permitted\r\n`,
    );
    if (firstUnseen >= 0) this.write(`* OK [UNSEEN ${firstUnseen + 1}] First unseen\r\n`);
    this.write(`* OK [UIDVALIDITY ${mailbox.uidValidity}] UIDs valid\r\n`);
    this.write(`* OK [UIDNEXT ${mailbox.uidNext}] Predicted next UID\r\n`);
    this.selected = { mailbox, readOnly };
    this.state = 'selected';
    return reply('OK', `[${readOnly ? 'READ-ONLY' : 'READ-WRITE'}] ${verb} completed`);
  }

  private selectedMailbox(): SelectedMailbox {
    if (!this.selected) throw new ImapSyntaxError('No mailbox selected');
    return this.selected;
  }

  /** CLOSE removes \Deleted messages silently, in a read-write mailbox only. */
  private expunge(): void {
    if (!this.selected || this.selected.readOnly) return;
    const { mailbox } = this.selected;
    mailbox.messages = mailbox.messages.filter((m) => !m.flags.has('\\Deleted'));
  }
}
