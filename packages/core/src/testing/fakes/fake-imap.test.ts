import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeImap, startFakeImap } from './fake-imap.js';

const USER = 'agent@example.com';
const PASSWORD = 'Imap "pass" w0rd!';

const messages = [
  {
    from: 'Alice <alice@example.com>',
    subject: 'Lunch',
    text: 'Shall we meet at noon?',
    date: new Date('2026-03-01T09:00:00Z'),
    seen: true,
  },
  {
    from: 'Billing <billing@example.net>',
    to: 'Agent <agent@example.com>, ops@example.com',
    subject: 'Invoice März',
    text: 'Your invoice 4711 is attached.',
    html: '<p>Your <b>invoice</b> 4711</p>',
    date: new Date('2026-03-02T10:30:00Z'),
  },
  {
    from: 'bob@example.org',
    subject: 'Hi',
    text: 'Plain hello',
    date: new Date('2026-03-03T08:00:00Z'),
  },
];

describe('fake IMAP server', () => {
  let fake: FakeImap;
  const clients: ImapFlow[] = [];
  const client = async (loginMethod?: string) => {
    const imap = new ImapFlow({
      host: fake.host,
      port: fake.port,
      secure: false,
      auth: { user: USER, pass: PASSWORD, ...(loginMethod ? { loginMethod } : {}) },
      logger: false,
      disableAutoIdle: true,
    });
    imap.on('error', () => {});
    clients.push(imap);
    await imap.connect();
    return imap;
  };

  beforeAll(async () => {
    fake = await startFakeImap({
      user: USER,
      password: PASSWORD,
      messages,
      folders: { Archive: [] },
    });
  });
  afterEach(async () => {
    for (const imap of clients.splice(0)) imap.close();
  });
  afterAll(() => fake.close());

  it('lets imapflow log in with AUTHENTICATE PLAIN, and with LOGIN when asked', async () => {
    const before = fake.logins.length;
    await (await client()).logout();
    await (await client('LOGIN')).logout();
    expect(fake.logins.slice(before)).toEqual([
      { user: USER, ok: true, method: 'AUTHENTICATE PLAIN' },
      { user: USER, ok: true, method: 'LOGIN' },
    ]);
    // The password never reaches the command log, whichever way it was sent.
    expect(JSON.stringify(fake.commands)).not.toContain('w0rd');
    expect(fake.commands).toContain('***');
  });

  it('refuses a wrong password with NO [AUTHENTICATIONFAILED]', async () => {
    const imap = new ImapFlow({
      host: fake.host,
      port: fake.port,
      secure: false,
      auth: { user: USER, pass: 'wrong' },
      logger: false,
    });
    imap.on('error', () => {});
    const failure = await imap.connect().catch((error: Error & Record<string, unknown>) => error);
    expect(failure).toMatchObject({
      authenticationFailed: true,
      serverResponseCode: 'AUTHENTICATIONFAILED',
    });
    expect(fake.logins.at(-1)).toEqual({ user: USER, ok: false, method: 'AUTHENTICATE PLAIN' });
  });

  it('lists mailboxes and opens one read-only or read-write', async () => {
    const imap = await client();
    expect((await imap.list()).map((box) => box.path).sort()).toEqual(['Archive', 'INBOX']);
    const examined = await imap.mailboxOpen('INBOX', { readOnly: true });
    expect(examined).toMatchObject({
      exists: 3,
      uidNext: 4,
      uidValidity: 1_700_000_000n,
      readOnly: true,
    });
    const selected = await imap.mailboxOpen('INBOX');
    expect(selected.readOnly).toBe(false);
    await expect(imap.mailboxOpen('Nope')).rejects.toMatchObject({
      serverResponseCode: 'NONEXISTENT',
    });
  });

  it('searches by ALL, UNSEEN and TEXT (headers, decoded subjects and bodies)', async () => {
    const imap = await client();
    await imap.mailboxOpen('INBOX', { readOnly: true });
    expect(await imap.search({ all: true }, { uid: true })).toEqual([1, 2, 3]);
    expect(await imap.search({ seen: false }, { uid: true })).toEqual([2, 3]);
    expect(await imap.search({ text: 'invoice 4711' }, { uid: true })).toEqual([2]);
    expect(await imap.search({ text: 'märz' }, { uid: true })).toEqual([2]);
    expect(await imap.search({ text: 'alice@' }, { uid: true })).toEqual([1]);
    expect(await imap.search({ seen: false, text: 'hello' }, { uid: true })).toEqual([3]);
    expect(await imap.search({ text: 'nowhere' }, { uid: true })).toEqual([]);
  });

  it('fetches envelope, flags, dates, size, structure and the source (whole or partial)', async () => {
    const imap = await client();
    await imap.mailboxOpen('INBOX', { readOnly: true });
    const [message] = await imap.fetchAll(
      '2',
      {
        uid: true,
        envelope: true,
        flags: true,
        internalDate: true,
        size: true,
        bodyStructure: true,
        source: true,
      },
      { uid: true },
    );
    expect(message?.envelope).toMatchObject({
      subject: 'Invoice März',
      from: [{ name: 'Billing', address: 'billing@example.net' }],
      to: [{ name: 'Agent', address: 'agent@example.com' }, { address: 'ops@example.com' }],
    });
    expect(message?.flags).toEqual(new Set());
    expect(new Date(message?.internalDate ?? 0).toISOString()).toBe('2026-03-02T10:30:00.000Z');
    expect(message?.size).toBe(message?.source?.length);
    expect(message?.bodyStructure).toMatchObject({
      type: 'multipart/alternative',
      childNodes: [
        { part: '1', type: 'text/plain', encoding: 'base64' },
        { part: '2', type: 'text/html', encoding: 'base64' },
      ],
    });
    const parsed = await simpleParser(message?.source ?? Buffer.alloc(0));
    expect(parsed.text?.trim()).toBe('Your invoice 4711 is attached.');
    const [partial] = await imap.fetchAll('1', { source: { maxLength: 20 } }, { uid: true });
    expect(partial?.source?.toString()).toBe('From: Alice <alice@e');
    const [part] = await imap.fetchAll(
      '2',
      { bodyParts: ['2'], headers: ['subject'] },
      { uid: true },
    );
    expect(Buffer.from(part?.bodyParts?.get('2')?.toString() ?? '', 'base64').toString()).toBe(
      '<p>Your <b>invoice</b> 4711</p>',
    );
    expect(part?.headers?.toString()).toContain('Subject: =?UTF-8?B?');
  });

  it('leaves flags alone on EXAMINE and on PEEK; STORE and BODY[] set \\Seen', async () => {
    const imap = await client();
    await imap.mailboxOpen('INBOX', { readOnly: true });
    await imap.fetchAll('1:*', { source: true }, { uid: true });
    expect(fake.mailbox().messages.map((m) => m.flags.has('\\Seen'))).toEqual([true, false, false]);
    expect(await imap.messageFlagsAdd('2', ['\\Seen'], { uid: true })).toBe(false);
    await imap.mailboxOpen('INBOX');
    expect(await imap.messageFlagsAdd('2', ['\\Seen'], { uid: true })).toBe(true);
    expect(fake.mailbox().messages[1]?.flags.has('\\Seen')).toBe(true);
    await imap.messageFlagsRemove('2', ['\\Seen'], { uid: true });
    expect(fake.mailbox().messages[1]?.flags.has('\\Seen')).toBe(false);
  });

  it('takes new mail while running', async () => {
    const delivered = fake.deliver({ subject: 'Late', text: 'arrived later' }, 'Archive');
    const imap = await client();
    await imap.mailboxOpen('Archive', { readOnly: true });
    expect(await imap.search({ all: true }, { uid: true })).toEqual([delivered.uid]);
  });
});
