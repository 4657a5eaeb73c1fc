import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeImap, startFakeImap } from '../../testing/fakes/fake-imap.js';
import { type FakeSmtp, startFakeSmtp } from '../../testing/fakes/fake-smtp.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const USER = 'agent@example.com';
const PASSWORD = 'Routes-Secret#42';

describe('mail API', () => {
  let smtp: FakeSmtp;
  let imap: FakeImap;
  let t: TestApp;
  let client: Client;
  const bodies: string[] = [];

  beforeAll(async () => {
    smtp = await startFakeSmtp({ user: USER, password: PASSWORD });
    imap = await startFakeImap({ user: USER, password: PASSWORD });
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, IMAP_URL: imap.url, MAIL_FROM: 'Agent <agent@example.com>' },
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await imap.close();
  });

  it('GET /api/mail/status names both servers by host, port and TLS only', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/mail/status' });
    bodies.push(response.body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      smtp: {
        configured: true,
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        from: 'Agent <agent@example.com>',
      },
      imap: { configured: true, host: '127.0.0.1', port: imap.port, secure: false },
    });
  });

  it('POST /api/mail/test logs in to both, sends and reads nothing, and is audited', async () => {
    const response = await client.inject({ method: 'POST', url: '/api/mail/test' });
    bodies.push(response.body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ smtp: { ok: true }, imap: { ok: true } });
    expect(smtp.logins).toEqual([{ user: USER, method: 'PLAIN', ok: true }]);
    expect(smtp.messages).toEqual([]);
    expect(imap.logins.map((l) => l.ok)).toEqual([true]);
    expect(imap.commands.some((c) => /SELECT|EXAMINE|FETCH/.test(c))).toBe(false);
    await t.app.audit.flush();
    const [row] = (await t.app.audit.list({ limit: 5, action: 'mail.test' })).entries;
    expect(row).toMatchObject({
      action: 'mail.test',
      actor: 'admin',
      detail: { smtp: { ok: true }, imap: { ok: true } },
      request_id: response.headers['x-request-id'],
    });
  });

  it('needs a session, and the CSRF token for the test', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/mail/status' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'unauthorized' });
    const forged = await client.inject({
      method: 'POST',
      url: '/api/mail/test',
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'csrf_invalid' });
    const get = await client.inject({ method: 'GET', url: '/api/mail/test' });
    expect(get.statusCode).toBe(405);
  });

  it('reports a refused login as ok:false with the reason, after the restart with a wrong password', async () => {
    const wrong = imap.url.replace(encodeURIComponent(PASSWORD), 'Not-The-Password-7');
    t = await t.restart({ IMAP_URL: wrong });
    client = await t.login();
    const response = await client.inject({ method: 'POST', url: '/api/mail/test' });
    bodies.push(response.body);
    expect(response.json()).toEqual({
      smtp: { ok: true },
      imap: {
        ok: false,
        error:
          `The IMAP server 127.0.0.1:${imap.port} refused the login: check the user name and ` +
          'password in IMAP_URL (Authentication failed).',
      },
    });
    await t.app.audit.flush();
    const rows = (await t.app.audit.list({ limit: 5, action: 'mail.test' })).entries;
    expect(rows[0]?.detail).toMatchObject({ imap: { ok: false } });
    const leaked = JSON.stringify({ bodies, rows });
    expect(leaked).not.toContain(PASSWORD);
    expect(leaked).not.toContain('Not-The-Password-7');
  });

  it('says what to set when nothing is configured; the skill is then unavailable', async () => {
    t = await t.restart({ SMTP_URL: '', IMAP_URL: '', MAIL_FROM: '' });
    client = await t.login();
    const status = await client.inject({ method: 'GET', url: '/api/mail/status' });
    expect(status.json()).toEqual({
      smtp: { configured: false, host: null, port: null, secure: null, from: null },
      imap: { configured: false, host: null, port: null, secure: null },
    });
    const test = await client.inject({ method: 'POST', url: '/api/mail/test' });
    expect(test.json()).toEqual({
      smtp: {
        ok: false,
        error: 'Sending mail is not configured: set SMTP_URL to the SMTP server to send through.',
      },
      imap: {
        ok: false,
        error: 'Reading mail is not configured: set IMAP_URL to the IMAP mailbox to read.',
      },
    });
    const { skills } = (await client.inject({ method: 'GET', url: '/api/skills' })).json() as {
      skills: Array<{
        name: string;
        level: string;
        available: boolean;
        unavailable_reason: string;
      }>;
    };
    expect(skills.find((s) => s.name === 'mail')).toMatchObject({
      level: 'CONTROLLED',
      available: false,
      unavailable_reason: 'Mail is not configured: set SMTP_URL to send and IMAP_URL to read.',
    });
  });
});
