import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactText } from '../../security/redact.js';
import { testSkillContext } from '../../testing/skill-context.js';
import { MailService } from './mail.service.js';
import { createMailSkill } from './mail.skill.js';
import { describeEndpoint, parseMailUrl, scrub } from './mail-endpoint.js';
import { mailInputSchema } from './mail-input.js';

const parse = (input: unknown) => mailInputSchema.safeParse(input);
const problems = (input: unknown) =>
  parse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('mail input', () => {
  it('takes one address, a comma-separated string or a list, with or without names', () => {
    expect(parse({ action: 'send', to: 'bob@example.com', subject: 's', body: 'b' }).data).toEqual({
      action: 'send',
      to: [{ name: '', address: 'bob@example.com' }],
      cc: [],
      subject: 's',
      body: 'b',
    });
    const many = parse({
      action: 'send',
      to: '"Doe, Jane" <jane@example.com>, bob@example.com',
      cc: ['Carol <carol@example.com>'],
      subject: 's',
      body: 'b',
    }).data;
    expect(many).toMatchObject({
      to: [
        { name: 'Doe, Jane', address: 'jane@example.com' },
        { name: '', address: 'bob@example.com' },
      ],
      cc: [{ name: 'Carol', address: 'carol@example.com' }],
    });
  });

  it('refuses what is not an address, header injection, and sends without a field', () => {
    expect(problems({ action: 'send', to: 'bob', subject: 's', body: 'b' })).toEqual([
      'to: "bob" is not an e-mail address',
    ]);
    expect(
      problems({
        action: 'send',
        to: 'bob@example.com\r\nBcc: eve@example.com',
        subject: 's',
        body: 'b',
      }),
    ).toEqual(['to: must not contain line breaks or control characters']);
    expect(
      problems({ action: 'send', to: 'bob@example.com', subject: 'a\nBcc: x', body: 'b' }),
    ).toEqual(['subject: must be one line without control characters']);
    expect(problems({ action: 'send', subject: 's', body: 'b' })).toEqual(['to: required to send']);
    expect(problems({ action: 'send', to: 'bob@example.com', subject: 's' })).toEqual([
      'body: required to send',
    ]);
    const tooMany = Array.from({ length: 30 }, (_, i) => `user${i}@example.com`);
    expect(problems({ action: 'send', to: tooMany, cc: tooMany, subject: 's', body: 'b' })).toEqual(
      ['to: at most 50 recipients in all'],
    );
  });

  it('reads INBOX, ten at a time, by default; limit is 1 to 50', () => {
    expect(parse({ action: 'read' }).data).toEqual({
      action: 'read',
      folder: 'INBOX',
      limit: 10,
      unseen_only: false,
      search: null,
      mark_seen: false,
    });
    expect(problems({ action: 'read', limit: 0 })).toHaveLength(1);
    expect(problems({ action: 'read', limit: 51 })).toHaveLength(1);
    expect(problems({ action: 'archive' })).toHaveLength(1);
  });

  it('documents every field for the model as one flat object', () => {
    const schema = z.toJSONSchema(mailInputSchema, { io: 'input', unrepresentable: 'any' }) as {
      type: string;
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['action']);
    for (const [name, property] of Object.entries(schema.properties))
      expect(property.description, name).toBeTruthy();
  });
});

describe('mail endpoints', () => {
  it('reads host, port, TLS and decoded credentials, with the default ports', () => {
    expect(
      parseMailUrl('smtps://me%40example.com:p%40ss%2Fw0rd@mail.example.com', 'SMTP_URL'),
    ).toEqual({
      kind: 'SMTP',
      variable: 'SMTP_URL',
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'me@example.com',
      password: 'p@ss/w0rd',
    });
    expect(parseMailUrl('smtp://relay', 'SMTP_URL')).toMatchObject({
      port: 587,
      secure: false,
      user: '',
    });
    expect(parseMailUrl('imap://u:p@[::1]', 'IMAP_URL')).toMatchObject({ host: '::1', port: 143 });
    expect(parseMailUrl('imaps://u:p@h:1993', 'IMAP_URL')).toMatchObject({
      port: 1993,
      secure: true,
    });
    expect(parseMailUrl(undefined, 'IMAP_URL')).toBeNull();
  });

  it('is named by host and port only; its password is hidden wherever it turns up', () => {
    const endpoint = parseMailUrl('imap://me:Decoded%20Secret9@[::1]:1143', 'IMAP_URL');
    if (!endpoint) throw new Error('no endpoint');
    expect(describeEndpoint(endpoint)).toBe('IMAP server [::1]:1143');
    expect(scrub('server said: Decoded Secret9 is wrong', endpoint)).toBe(
      'server said: [REDACTED] is wrong',
    );
    // Registered as a secret: the redactor hides the decoded password everywhere, not just here.
    expect(redactText('login with Decoded Secret9 failed')).toBe('login with [REDACTED] failed');
  });
});

describe('mail status and preview', () => {
  const mail = new MailService({
    smtpUrl: 'smtp://agent%40example.com:Status-Secret-1@smtp.example.com:2525',
    imapUrl: 'imaps://agent%40example.com:Status-Secret-1@imap.example.com',
  });

  it('reports servers without credentials; the sender falls back to the SMTP user', () => {
    expect(mail.status()).toEqual({
      smtp: {
        configured: true,
        host: 'smtp.example.com',
        port: 2525,
        secure: false,
        from: 'agent@example.com',
      },
      imap: { configured: true, host: 'imap.example.com', port: 993, secure: true },
    });
    expect(new MailService({}).status().imap).toEqual({
      configured: false,
      host: null,
      port: null,
      secure: null,
    });
  });

  it('previews a send with its recipients, subject and first lines, sending nothing', async () => {
    const skill = createMailSkill(mail);
    const input = skill.inputSchema.parse({
      action: 'send',
      to: 'Bob <bob@example.com>',
      cc: 'carol@example.com',
      subject: 'Quarterly numbers',
      body: ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].join('\n'),
    });
    const preview = await skill.simulate?.(input, testSkillContext());
    expect(preview).toEqual({
      summary: 'Send "Quarterly numbers" to bob@example.com (cc carol@example.com)',
      details: {
        from: 'agent@example.com',
        to: ['bob@example.com'],
        cc: ['carol@example.com'],
        subject: 'Quarterly numbers',
        first_lines: 'one\ntwo\nthree\nfour\nfive',
        characters: 33,
      },
      warnings: ['A sent e-mail cannot be recalled.'],
    });
    const read = skill.inputSchema.parse({ action: 'read', unseen_only: true, mark_seen: true });
    expect(await skill.simulate?.(read, testSkillContext())).toMatchObject({
      summary: 'Read up to 10 message(s) from INBOX (unread only)',
      warnings: ['The messages read are marked as read on the server.'],
    });
  });
});
