import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from './fake-smtp.js';

const USER = 'agent@example.com';
const PASSWORD = 'Smtp:pass@w0rd';

describe('fake SMTP server', () => {
  let fake: FakeSmtp;
  const transport = (pass = PASSWORD, authMethod?: string) =>
    nodemailer.createTransport({
      host: fake.host,
      port: fake.port,
      secure: false,
      auth: { user: USER, pass },
      ...(authMethod ? { authMethod } : {}),
    });

  beforeAll(async () => {
    fake = await startFakeSmtp({
      user: USER,
      password: PASSWORD,
      rejectRecipients: ['nobody@example.com'],
    });
  });
  afterAll(() => fake.close());

  it('records a message with its envelope, headers and text, parsed', async () => {
    const info = await transport().sendMail({
      from: 'Agent <agent@example.com>',
      to: ['bob@example.com', 'Carol <carol@example.com>'],
      cc: 'dan@example.com',
      bcc: 'eve@example.com',
      subject: 'Grüße aus dem Test',
      text: 'Line one\nLine two',
    });
    expect(info.accepted).toHaveLength(4);
    const mail = fake.messages.at(-1);
    expect(mail).toMatchObject({
      envelope: {
        from: 'agent@example.com',
        to: ['bob@example.com', 'carol@example.com', 'dan@example.com', 'eve@example.com'],
      },
      user: USER,
      from: '"Agent" <agent@example.com>',
      to: ['bob@example.com', 'carol@example.com'],
      cc: ['dan@example.com'],
      subject: 'Grüße aus dem Test',
      text: 'Line one\nLine two\n',
    });
    expect(mail?.headers['message-id']).toBe(info.messageId);
    // Bcc is in the envelope only, never in the headers.
    expect(mail?.headers.bcc).toBeUndefined();
    expect(mail?.raw).toContain('\r\nSubject: =?UTF-8?');
  });

  it('takes AUTH LOGIN as well as PLAIN', async () => {
    await transport(PASSWORD, 'LOGIN').sendMail({
      from: USER,
      to: 'bob@example.com',
      subject: 'login',
      text: 'x',
    });
    expect(fake.logins.at(-1)).toEqual({ user: USER, method: 'LOGIN', ok: true });
  });

  it('refuses a wrong password with 535, and records nothing', async () => {
    const count = fake.messages.length;
    const failure = await transport('wrong')
      .sendMail({ from: USER, to: 'bob@example.com', subject: 'x', text: 'y' })
      .catch((error: Error & { code?: string; responseCode?: number }) => error);
    expect(failure).toMatchObject({ code: 'EAUTH', responseCode: 535 });
    expect(fake.logins.at(-1)).toEqual({ user: USER, method: 'PLAIN', ok: false });
    expect(fake.messages).toHaveLength(count);
  });

  it('refuses a listed recipient with 550 and delivers to the others', async () => {
    const info = await transport().sendMail({
      from: USER,
      to: ['nobody@example.com', 'bob@example.com'],
      subject: 'partly',
      text: 'x',
    });
    expect(info.rejected).toEqual(['nobody@example.com']);
    expect(fake.messages.at(-1)?.envelope.to).toEqual(['bob@example.com']);
  });

  it('insists on AUTH before MAIL FROM and offers no STARTTLS', async () => {
    const socket = connect(fake.port, fake.host);
    socket.setEncoding('utf8');
    let received = '';
    const next = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!pattern.test(received)) return;
          socket.off('data', onData);
          resolve();
        };
        const onData = (chunk: string) => {
          received += chunk;
          check();
        };
        socket.on('data', onData);
        check();
      });
    try {
      await next(/^220 /m);
      socket.write('EHLO tester\r\n');
      await next(/^250 [^\r]*\r\n$/m);
      expect(received).toContain('AUTH PLAIN LOGIN');
      expect(received).not.toContain('STARTTLS');
      received = '';
      socket.write('MAIL FROM:<agent@example.com>\r\n');
      await next(/^5\d\d /m);
      expect(received).toMatch(/^530 /);
    } finally {
      socket.destroy();
    }
  });
});
