import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeImap, startFakeImap } from '../../testing/fakes/fake-imap.js';
import { type FakeSmtp, startFakeSmtp } from '../../testing/fakes/fake-smtp.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { RunTrace } from '../runtime/run-trace.js';
import type { RunContext, StepOutcome } from '../runtime/skill-runner.js';
import { MailService } from './mail.service.js';

const USER = 'agent@example.com';
const RIGHT = 'Right-Passw0rd!';
const WRONG = 'Wrong-Passw0rd?';

/** The URL of a fake with another password in it. */
const withPassword = (url: string, password: string) =>
  url.replace(/:[^:@/]+@/, `:${encodeURIComponent(password)}@`);

describe('mail skill: refused logins', () => {
  let smtp: FakeSmtp;
  let imap: FakeImap;
  let t: TestApp;
  const outcomes: StepOutcome[] = [];
  const traces: RunTrace[] = [];

  beforeAll(async () => {
    smtp = await startFakeSmtp({ user: USER, password: RIGHT });
    imap = await startFakeImap({ user: USER, password: RIGHT, messages: [{ subject: 'hidden' }] });
    // No MAIL_FROM: the SMTP user, an address, is the sender.
    t = await createTestApp({
      env: { SMTP_URL: withPassword(smtp.url, WRONG), IMAP_URL: withPassword(imap.url, WRONG) },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await imap.close();
  });

  const run = async (input: Record<string, unknown>) => {
    const trace = new RunTrace();
    traces.push(trace);
    const context: RunContext = {
      requestId: 'req-refused',
      chatId: null,
      goalId: null,
      actor: 'admin',
      depth: 0,
      signal: new AbortController().signal,
      log: t.app.log,
      trace,
      onProgress: () => {},
    };
    const outcome = await t.app.skillRunner.run('mail', input, context);
    outcomes.push(outcome);
    return outcome;
  };

  it('says the SMTP login was refused and which variable to fix, audited with the recipient', async () => {
    const outcome = await run({ action: 'send', to: 'bob@example.com', subject: 'x', body: 'y' });
    const message =
      `The SMTP server ${smtp.host}:${smtp.port} refused the login: check the user name and ` +
      'password in SMTP_URL (535 Authentication credentials invalid).';
    expect(outcome).toMatchObject({ status: 'error', modelText: `Error: ${message}` });
    expect(smtp.logins).toEqual([{ user: USER, method: 'PLAIN', ok: false }]);
    expect(smtp.messages).toEqual([]);
    await t.app.audit.flush();
    const [row] = (await t.app.audit.list({ limit: 5, action: 'skill.mail' })).entries;
    expect(row).toMatchObject({
      target: 'bob@example.com',
      error: message,
      detail: { status: 'error' },
    });
  });

  it('says the IMAP login was refused, and reads nothing', async () => {
    const outcome = await run({ action: 'read' });
    expect(outcome).toMatchObject({
      status: 'error',
      modelText:
        `Error: The IMAP server ${imap.host}:${imap.port} refused the login: check the user ` +
        'name and password in IMAP_URL (Authentication failed).',
    });
    expect(imap.logins.map((l) => l.ok)).toEqual([false]);
    expect(imap.commands.some((c) => /SELECT|EXAMINE|FETCH/.test(c))).toBe(false);
  });

  it('lets neither password out, nor the URLs', async () => {
    await t.app.audit.flush();
    const everything = JSON.stringify({
      outcomes,
      traces: traces.map((trace) => trace.steps),
      audit: (await t.app.audit.list({ limit: 100 })).entries,
    });
    for (const secret of [RIGHT, WRONG, encodeURIComponent(WRONG)])
      expect(everything).not.toContain(secret);
    expect(everything).not.toContain('smtp://');
    expect(everything).not.toContain('imap://');
  });
});

describe('mail service: unreachable servers and missing configuration', () => {
  let closedPort: number;
  beforeAll(async () => {
    // A port that was just free: nothing listens there any more.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closedPort = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
  });

  it('names the server it could not reach, without its credentials', async () => {
    const mail = new MailService({
      smtpUrl: `smtp://${USER}:${RIGHT}@127.0.0.1:${closedPort}`,
      imapUrl: `imap://${USER}:${RIGHT}@127.0.0.1:${closedPort}`,
    });
    await expect(
      mail.send({
        to: [{ name: '', address: 'bob@example.com' }],
        cc: [],
        subject: 's',
        body: 'b',
      }),
    ).rejects.toMatchObject({
      code: 'mail_unreachable',
      message: `Could not reach the SMTP server 127.0.0.1:${closedPort} (connect ECONNREFUSED 127.0.0.1:${closedPort}).`,
    });
    const read = { folder: 'INBOX', limit: 1, unseenOnly: false, search: null, markSeen: false };
    await expect(mail.read(read)).rejects.toMatchObject({
      code: 'mail_unreachable',
      message: expect.stringMatching(/^Could not reach the IMAP server 127\.0\.0\.1:\d+ \(/),
    });
    const checks = await mail.test();
    expect(checks.smtp).toEqual({
      ok: false,
      error: expect.stringMatching(/^Could not reach the SMTP/),
    });
    expect(JSON.stringify(checks)).not.toContain(RIGHT);
  });

  it('reports recipients the server refused, and fails when it refuses them all', async () => {
    const smtp = await startFakeSmtp({
      user: USER,
      password: RIGHT,
      rejectRecipients: ['gone@example.com', 'left@example.com'],
    });
    try {
      const mail = new MailService({ smtpUrl: smtp.url, mailFrom: 'agent@example.com' });
      const address = (text: string) => ({ name: '', address: text });
      const sent = await mail.send({
        to: [address('bob@example.com'), address('gone@example.com')],
        cc: [],
        subject: 'partly',
        body: 'b',
      });
      expect(sent).toMatchObject({ accepted: ['bob@example.com'], rejected: ['gone@example.com'] });
      expect(smtp.messages.map((m) => m.envelope.to)).toEqual([['bob@example.com']]);
      const none = [address('gone@example.com'), address('left@example.com')];
      await expect(mail.send({ to: none, cc: [], subject: 's', body: 'b' })).rejects.toMatchObject({
        code: 'mail_rejected',
        message: expect.stringMatching(
          new RegExp(`^The SMTP server 127\\.0\\.0\\.1:${smtp.port} refused the message \\(.*550`),
        ),
      });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('gives up at once when the work is cancelled, even on a server that never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const mail = new MailService({
        smtpUrl: `smtp://${USER}:${RIGHT}@127.0.0.1:${port}`,
        imapUrl: `imap://${USER}:${RIGHT}@127.0.0.1:${port}`,
      });
      const cancelled = (work: (signal: AbortSignal) => Promise<unknown>) => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(new Error('cancelled by the test')), 100);
        const started = Date.now();
        return work(controller.signal).then(
          () => ({ error: null, ms: Date.now() - started }),
          (error: Error) => ({ error: error.message, ms: Date.now() - started }),
        );
      };
      const read = { folder: 'INBOX', limit: 1, unseenOnly: false, search: null, markSeen: false };
      const reading = await cancelled((signal) => mail.read(read, signal));
      expect(reading.error).toBe('cancelled by the test');
      expect(reading.ms).toBeLessThan(2_000);
      const to = [{ name: '', address: 'bob@example.com' }];
      const sending = await cancelled((signal) =>
        mail.send({ to, cc: [], subject: 's', body: 'b' }, signal),
      );
      expect(sending.error).not.toBeNull();
      expect(sending.ms).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is available with one side configured; the other side fails in words', async () => {
    const sendOnly = new MailService({ smtpUrl: 'smtp://relay.internal:25' });
    expect(sendOnly.availability()).toEqual({ available: true });
    const read = { folder: 'INBOX', limit: 1, unseenOnly: false, search: null, markSeen: false };
    await expect(sendOnly.read(read)).rejects.toMatchObject({
      code: 'mail_unconfigured',
      message: 'Reading mail is not configured: set IMAP_URL to the IMAP mailbox to read.',
    });
    // No MAIL_FROM, and no SMTP user that is an address: there is no sender.
    await expect(
      sendOnly.send({
        to: [{ name: '', address: 'bob@example.com' }],
        cc: [],
        subject: 's',
        body: 'b',
      }),
    ).rejects.toMatchObject({
      code: 'mail_unconfigured',
      message: expect.stringMatching(/set MAIL_FROM/),
    });
    const readOnly = new MailService({ imapUrl: `imaps://${USER}:${RIGHT}@mail.internal` });
    await expect(
      readOnly.send({
        to: [{ name: '', address: 'bob@example.com' }],
        cc: [],
        subject: 's',
        body: 'b',
      }),
    ).rejects.toMatchObject({
      message: 'Sending mail is not configured: set SMTP_URL to the SMTP server to send through.',
    });
    expect(new MailService({}).availability()).toEqual({
      available: false,
      reason: 'Mail is not configured: set SMTP_URL to send and IMAP_URL to read.',
    });
  });
});
