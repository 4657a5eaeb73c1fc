import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeImap, startFakeImap } from './fake-imap.js';

const USER = 'agent@example.com';
const PASSWORD = 'Imap "pass" w0rd!';

/** A raw IMAP connection: proof of the wire format, beneath what imapflow forgives. */
class RawImap {
  private buffer = '';
  private waiters: Array<() => void> = [];
  readonly greeting: Promise<string>;
  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.greeting = this.until((text) => text.includes('\r\n'));
  }

  static async open(fake: FakeImap): Promise<RawImap> {
    const socket = connect(fake.port, fake.host);
    await new Promise((resolve) => socket.once('connect', resolve));
    return new RawImap(socket);
  }

  private async until(done: (text: string) => boolean): Promise<string> {
    while (!done(this.buffer)) await new Promise<void>((wake) => this.waiters.push(wake));
    const text = this.buffer;
    this.buffer = '';
    return text;
  }

  /** Sends a line and reads up to the tagged answer (or a `+` continuation). */
  async send(line: string, tag = line.split(' ')[0] ?? ''): Promise<string> {
    this.socket.write(`${line}\r\n`);
    return this.until((text) =>
      new RegExp(`(^|\\r\\n)(${tag} [^\\r]*|\\+ [^\\r]*)\\r\\n$`).test(text),
    );
  }

  close() {
    this.socket.destroy();
  }
}

describe('fake IMAP server on the wire', () => {
  let fake: FakeImap;
  beforeAll(async () => {
    fake = await startFakeImap({
      user: USER,
      password: PASSWORD,
      messages: [
        { subject: 'One', text: 'first', seen: true },
        { subject: 'Two', text: 'second' },
        { from: 'bob@example.org', subject: 'Hi', text: 'Plain hello' },
      ],
    });
  });
  afterAll(() => fake.close());

  it('speaks the RFC on the wire: greeting, tags, literals, BAD, NO, BYE', async () => {
    const raw = await RawImap.open(fake);
    try {
      expect(await raw.greeting).toMatch(/^\* OK \[CAPABILITY IMAP4rev1 [^\]]*AUTH=PLAIN[^\]]*\] /);
      expect(await raw.send('a1 SELECT INBOX')).toBe('a1 BAD SELECT is not valid before login\r\n');
      expect(await raw.send('a2 FROB')).toBe('a2 BAD Unknown command FROB\r\n');
      expect(await raw.send('* NOOP', '\\*')).toBe('* BAD Missing or invalid tag\r\n');
      // A synchronizing literal gets its go-ahead, then the command goes on after it.
      expect(await raw.send(`a3 LOGIN ${USER} {${Buffer.byteLength(PASSWORD)}}`, '\\+')).toBe(
        '+ Ready for literal data\r\n',
      );
      expect(await raw.send(PASSWORD, 'a3')).toMatch(/^a3 OK \[CAPABILITY [^\]]+\] Logged in\r\n$/);
      expect(await raw.send('a4 UID FETCH 1 (FLAGS)')).toBe(
        'a4 BAD UID needs a selected mailbox\r\n',
      );
      expect(await raw.send('a5 EXAMINE "Nope"')).toBe(
        'a5 NO [NONEXISTENT] Mailbox does not exist\r\n',
      );
      const examine = await raw.send('a6 EXAMINE inbox');
      expect(examine).toContain('* 3 EXISTS\r\n');
      expect(examine).toContain('* OK [UIDVALIDITY 1700000000]');
      expect(examine).toContain('* OK [UIDNEXT 4]');
      expect(examine).toMatch(/a6 OK \[READ-ONLY\] EXAMINE completed\r\n$/);
      expect(await raw.send('a7 FETCH 9 FLAGS')).toBe('a7 BAD Invalid message sequence number\r\n');
      expect(await raw.send('a8 UID FETCH 9 FLAGS')).toBe('a8 OK UID FETCH completed\r\n');
      const fetched = await raw.send('a9 UID FETCH 3 (UID BODY.PEEK[HEADER.FIELDS (SUBJECT)])');
      expect(fetched).toBe(
        '* 3 FETCH (UID 3 BODY[HEADER.FIELDS (SUBJECT)] {15}\r\nSubject: Hi\r\n\r\n)\r\na9 OK UID FETCH completed\r\n',
      );
      expect(await raw.send('a10 UID SEARCH UNSEEN')).toBe(
        '* SEARCH 2 3\r\na10 OK UID SEARCH completed\r\n',
      );
      expect(await raw.send('a11 SEARCH CHARSET UTF-8 OR SUBJECT one TEXT hello')).toBe(
        '* SEARCH 1 3\r\na11 OK SEARCH completed\r\n',
      );
      expect(await raw.send('b1 UID SEARCH FROB')).toBe('b1 BAD Unknown search key FROB\r\n');
      expect(await raw.send('b2 UID STORE 3 +FLAGS (\\Seen)')).toBe(
        'b2 NO [READ-ONLY] Mailbox is read-only\r\n',
      );
      expect(await raw.send('b3 CLOSE')).toBe('b3 OK CLOSE completed\r\n');
      // Read-write, a BODY[] fetch without PEEK marks the message read and says so.
      expect(await raw.send('c1 SELECT INBOX')).toMatch(
        /c1 OK \[READ-WRITE\] SELECT completed\r\n$/,
      );
      expect(await raw.send('c2 UID FETCH 3 BODY[TEXT]')).toBe(
        '* 3 FETCH (UID 3 BODY[TEXT] {11}\r\nPlain hello FLAGS (\\Seen))\r\nc2 OK UID FETCH completed\r\n',
      );
      expect(await raw.send('c3 STORE 3 -FLAGS.SILENT (\\Seen)')).toBe('c3 OK STORE completed\r\n');
      expect(fake.mailbox().messages[2]?.flags.size).toBe(0);
      expect(await raw.send('b4 LOGOUT')).toBe(
        '* BYE Fake IMAP logging out\r\nb4 OK LOGOUT completed\r\n',
      );
    } finally {
      raw.close();
    }
  });
});
