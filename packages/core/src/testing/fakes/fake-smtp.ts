import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the fake accepted, as the SMTP session and mailparser saw it. */
export interface ReceivedMail {
  /** The SMTP envelope (MAIL FROM, RCPT TO), which is who really gets it (Bcc included). */
  envelope: { from: string; to: string[] };
  /** The user the session authenticated as. */
  user: string;
  /** Header lines by lower-case name (the last one wins), unfolded. */
  headers: Record<string, string>;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** The whole message as sent. */
  raw: string;
}

export interface FakeSmtpOptions {
  user: string;
  password: string;
  host?: string;
  /** Recipients refused at RCPT TO with 550, as a server refuses an unknown mailbox. */
  rejectRecipients?: string[];
}

export interface FakeSmtp {
  host: string;
  port: number;
  /** smtp://user:password@host:port, as SMTP_URL takes it. */
  url: string;
  messages: ReceivedMail[];
  /** Every AUTH attempt: user, mechanism and whether it was accepted. */
  logins: Array<{ user: string; method: string; ok: boolean }>;
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => entry.address ?? ''),
  );

/**
 * A real SMTP server (smtp-server) on a loopback port that insists on AUTH PLAIN or LOGIN and
 * records every message it accepts, parsed with mailparser. No STARTTLS: plain TCP only.
 */
export async function startFakeSmtp(options: FakeSmtpOptions): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const logins: FakeSmtp['logins'] = [];
  const rejected = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    // A client left connected must not hold close() for the default 30 s.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      const user = auth.username ?? '';
      const ok = user === options.user && auth.password === options.password;
      logins.push({ user, method: auth.method, ok });
      if (!ok) return callback(new Error('Authentication credentials invalid'));
      callback(null, { user });
    },
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      const refusal = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
        responseCode: 550,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines)
            headers[key] = line
              .slice(line.indexOf(':') + 1)
              .replace(/\r?\n[ \t]+/g, ' ')
              .trim();
          const { mailFrom, rcptTo } = session.envelope;
          messages.push({
            envelope: {
              from: mailFrom ? mailFrom.address : '',
              to: rcptTo.map((rcpt) => rcpt.address),
            },
            user: String(session.user ?? ''),
            headers,
            from: parsed.from?.text ?? '',
            to: addresses(parsed.to),
            cc: addresses(parsed.cc),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            raw: raw.toString('utf8'),
          });
          // Recorded before the 250 reply, so a sender that got its answer finds the message.
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on('error', () => {});
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}`;
  return {
    host,
    port,
    url: `smtp://${credentials}@${host}:${port}`,
    messages,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
