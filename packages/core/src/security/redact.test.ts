import { describe, expect, it } from 'vitest';
import {
  forgetSecretValue,
  REDACTED,
  redactRecurringText,
  redactText,
  redactValue,
  registerSecretValue,
} from './redact.js';

describe('redactText', () => {
  it.each([
    [
      'OpenAI key',
      'key is sk-proj-abcdefghijklmnopqrstuvwxyz0123',
      'sk-proj-abcdefghijklmnopqrstuvwxyz0123',
    ],
    [
      'Anthropic key',
      'ANTHROPIC=sk-ant-api03-abcdefghijklmnopqrstuvwx',
      'sk-ant-api03-abcdefghijklmnopqrstuvwx',
    ],
    [
      'GitHub token',
      'push with ghp_0123456789abcdefghijklmnopqrstuvwxyz',
      'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
    ],
    ['AWS key id', 'id AKIAQ3EGRTY4PZ7NXW2K here', 'AKIAQ3EGRTY4PZ7NXW2K'],
    ['Slack token', 'xoxb-123456789012-abcdefghij', 'xoxb-123456789012-abcdefghij'],
    [
      'Telegram bot token',
      'bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9 ok',
      '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9',
    ],
    ['bearer header', 'Authorization: Bearer abcdef123456789', 'abcdef123456789'],
    ['URL password', 'postgres://app:hunter2secret@db:5432/app', 'hunter2secret'],
    ['password assignment', 'mysql --user=root password=hunter22', 'hunter22'],
    ['JSON secret field', '{"api_key": "abc123def456"}', 'abc123def456'],
    ['password in prose', 'the database password is hunter2 now', 'hunter2'],
    ['CLI flag', 'curl --token s3cr3tvalue https://x', 's3cr3tvalue'],
    ['private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----', 'MIIB'],
    [
      'JWT',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N',
      'dozjgNryP4J3jVmNHl0w5N',
    ],
  ])('hides a %s', (_name, input, secret) => {
    const out = redactText(input);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it.each([
    'the password reset flow sends an email',
    'the token expired yesterday',
    'the password is wrong',
    'max_tokens: 1000',
    'author: Ada Lovelace',
    'calculate 2 + 2',
    'https://example.com/path?page=2',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(redactText(text)).toBe(text);
  });

  it('hides only the password of a URL, keeping its user, separators and host', () => {
    expect(redactText('git clone https://bob:tok3n@git.example.com/r.git')).toBe(
      'git clone https://bob:[REDACTED]@git.example.com/r.git',
    );
    expect(redactText('KV_URL=redis://:pw-9f3k2@cache:6379/0')).toBe(
      'KV_URL=redis://:[REDACTED]@cache:6379/0',
    );
  });

  it('hides registered secret values wherever they appear', () => {
    registerSecretValue('correct-horse-battery');
    expect(redactText('echo correct-horse-battery > file')).toBe(`echo ${REDACTED} > file`);
  });

  it('reuses the redaction of a recurring text only until the known secrets change', () => {
    const persona = 'Unlock the shed with staple-gun-lantern when asked.';
    expect(redactRecurringText(persona)).toBe(persona);
    expect(redactRecurringText(persona)).toBe(persona);
    registerSecretValue('staple-gun-lantern');
    expect(redactRecurringText(persona)).toBe(`Unlock the shed with ${REDACTED} when asked.`);
    forgetSecretValue('staple-gun-lantern');
    expect(redactRecurringText(persona)).toBe(persona);
    expect(redactRecurringText('token ghp_0123456789abcdefghijABCDEFGHIJ012345')).toBe(
      `token ${REDACTED}`,
    );
  });
});

describe('redactValue', () => {
  it('hides whole values under secret-named keys and scans nested strings', () => {
    const out = redactValue({
      username: 'admin',
      password: 'plain',
      nested: { list: ['ok', 'Bearer abcdefghijklmnop'], clientSecret: 'x1' },
    });
    expect(out).toEqual({
      username: 'admin',
      password: REDACTED,
      nested: { list: ['ok', `Bearer ${REDACTED}`], clientSecret: REDACTED },
    });
  });
});
