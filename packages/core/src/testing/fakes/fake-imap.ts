import { type AddressInfo, createServer, type Socket } from 'node:net';
import { parseMime } from './fake-imap-mime.js';
import type { FakeMailbox, StoredMessage } from './fake-imap-search.js';
import { type ImapServerState, ImapSession } from './fake-imap-session.js';

export type { FakeMailbox, StoredMessage } from './fake-imap-search.js';

/** A message to put in a mailbox: its headers and text, or a whole RFC 822 source. */
export interface FakeImapMessageInput {
  from?: string;
  to?: string;
  cc?: string;
  subject?: string;
  /** The Date header and the internal date; now by default. */
  date?: Date;
  text?: string;
  /** With text as well, the message is multipart/alternative. */
  html?: string;
  /** A whole message (headers, blank line, body) instead of the fields above. */
  raw?: string;
  seen?: boolean;
  flags?: string[];
}

export interface FakeImapOptions {
  user: string;
  password: string;
  /** The messages of INBOX, oldest first (UIDs are given in this order from 1). */
  messages?: FakeImapMessageInput[];
  /** Other mailboxes and their messages. */
  folders?: Record<string, FakeImapMessageInput[]>;
  host?: string;
}

export interface FakeImap {
  host: string;
  port: number;
  /** imap://user:password@host:port, as IMAP_URL takes it. */
  url: string;
  /** Every command line received, in order, tags included; passwords are shown as ***. */
  commands: string[];
  logins: ImapServerState['logins'];
  /** A mailbox's live state (flags change with STORE and BODY[] fetches). */
  mailbox(name?: string): FakeMailbox;
  /** Delivers one more message (the next UID). */
  deliver(message: FakeImapMessageInput, folder?: string): StoredMessage;
  close(): Promise<void>;
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
const encodeWord = (text: string) =>
  /[^\x20-\x7e]/.test(text) ? `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=` : text;

/** An RFC 822 source from the convenient fields. */
function source(input: FakeImapMessageInput, uid: number, date: Date): string {
  if (input.raw) return crlf(input.raw);
  const headers = [
    `From: ${input.from ?? 'Sender <sender@example.com>'}`,
    `To: ${input.to ?? 'Agent <agent@example.com>'}`,
    ...(input.cc ? [`Cc: ${input.cc}`] : []),
    `Subject: ${encodeWord(input.subject ?? `Message ${uid}`)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${uid}.${date.getTime()}@fake-imap.test>`,
    'MIME-Version: 1.0',
  ];
  const text = crlf(input.text ?? '');
  if (input.html === undefined) {
    headers.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit');
    return `${headers.join('\r\n')}\r\n\r\n${text}`;
  }
  const boundary = `fake-imap-${uid}`;
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(
      body,
    )
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n')}\r\n`;
  return `${headers.join('\r\n')}\r\n\r\n${part('text/plain', text)}${part('text/html', crlf(input.html))}--${boundary}--\r\n`;
}

function store(mailbox: FakeMailbox, input: FakeImapMessageInput): StoredMessage {
  const uid = mailbox.uidNext++;
  const date = input.date ?? new Date();
  const raw = Buffer.from(source(input, uid, date), 'utf8');
  const flags = new Set(input.flags ?? []);
  if (input.seen) flags.add('\\Seen');
  const message = { uid, flags, internalDate: date, raw, mime: parseMime(raw.toString('utf8')) };
  mailbox.messages.push(message);
  return message;
}

/** Reads CRLF lines and literals off a socket and hands whole commands to the session. */
function serve(socket: Socket, state: ImapServerState): void {
  const session = new ImapSession(
    state,
    (data) => {
      if (!socket.destroyed) socket.write(data);
    },
    () => socket.end(),
  );
  let buffer = Buffer.alloc(0);
  let literalBytes: number | null = null;
  let pending = { text: '', literals: [] as string[] };
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (literalBytes !== null) {
        if (buffer.length < literalBytes) return;
        pending.text += `\0${pending.literals.length}\0`;
        pending.literals.push(buffer.subarray(0, literalBytes).toString('utf8'));
        buffer = buffer.subarray(literalBytes);
        literalBytes = null;
        continue;
      }
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = buffer.subarray(0, end).toString('utf8');
      buffer = buffer.subarray(end + 2);
      if (session.continuation) {
        session.continuation(line);
        continue;
      }
      const literal = /\{(\d+)(\+?)\}$/.exec(line);
      if (literal) {
        pending.text += line.slice(0, literal.index);
        literalBytes = Number(literal[1]);
        // A synchronizing literal waits for the server's go-ahead (RFC 3501 7.5).
        if (!literal[2]) socket.write('+ Ready for literal data\r\n');
        continue;
      }
      const { text, literals } = pending;
      pending = { text: '', literals: [] };
      session.command(text + line, literals);
    }
  });
  session.greet();
}

/**
 * A minimal but real IMAP4rev1 server on a loopback port, for the mail skill's read path: LOGIN
 * and AUTHENTICATE PLAIN, LIST, SELECT/EXAMINE, (UID) SEARCH, (UID) FETCH with literals,
 * (UID) STORE, NOOP, CLOSE, LOGOUT. Plain TCP: no STARTTLS is offered.
 */
export async function startFakeImap(options: FakeImapOptions): Promise<FakeImap> {
  const mailboxes = new Map<string, FakeMailbox>();
  const open = (name: string) => {
    const mailbox: FakeMailbox = { name, uidValidity: 1_700_000_000, uidNext: 1, messages: [] };
    mailboxes.set(name, mailbox);
    return mailbox;
  };
  for (const message of options.messages ?? [])
    store(mailboxes.get('INBOX') ?? open('INBOX'), message);
  if (!mailboxes.has('INBOX')) open('INBOX');
  for (const [name, messages] of Object.entries(options.folders ?? {})) {
    const mailbox = mailboxes.get(name) ?? open(name);
    for (const message of messages) store(mailbox, message);
  }
  const state: ImapServerState = {
    user: options.user,
    password: options.password,
    mailboxes,
    commands: [],
    logins: [],
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, state);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const credentials = `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}`;
  return {
    host,
    port,
    url: `imap://${credentials}@${host}:${port}`,
    commands: state.commands,
    logins: state.logins,
    mailbox(name = 'INBOX') {
      const mailbox = mailboxes.get(name);
      if (!mailbox) throw new Error(`The fake IMAP server has no mailbox ${name}`);
      return mailbox;
    },
    deliver: (message, folder = 'INBOX') => store(mailboxes.get(folder) ?? open(folder), message),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
