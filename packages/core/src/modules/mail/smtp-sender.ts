import { describeEndpoint, type MailEndpoint, MailError, scrub } from './mail-endpoint.js';

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  /** Plain text. */
  body: string;
}

export interface SentMail {
  message_id: string;
  from: string;
  accepted: string[];
  /** Recipients the server refused while accepting the others. */
  rejected: string[];
}

export interface MailTimeouts {
  connectMs: number;
  socketMs: number;
}

interface SmtpFailure extends Error {
  code?: string;
  response?: string;
  responseCode?: number;
  rejected?: unknown[];
}

const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED']);

/** Sends through the operator's SMTP server with nodemailer: one connection per message. */
export class SmtpSender {
  constructor(
    private readonly endpoint: MailEndpoint,
    /** MAIL_FROM, or the SMTP user when that is an address; null when neither is. */
    readonly from: string | null,
    private readonly timeouts: MailTimeouts,
  ) {}

  private async transport() {
    // Loaded when mail is first sent: nodemailer is not needed to start the runtime.
    const { default: nodemailer } = await import('nodemailer');
    const { host, port, secure, user, password } = this.endpoint;
    // The SMTP server is named by the operator (SMTP_URL): operator trust, so it is reached
    // directly and not through the SSRF guard, which would refuse a LAN or loopback relay.
    return nodemailer.createTransport({
      host,
      port,
      secure,
      ...(user ? { auth: { user, pass: password } } : {}),
      connectionTimeout: this.timeouts.connectMs,
      greetingTimeout: this.timeouts.connectMs,
      socketTimeout: this.timeouts.socketMs,
      logger: false,
      debug: false,
    });
  }

  async send(mail: OutgoingMail, signal?: AbortSignal): Promise<SentMail> {
    if (!this.from)
      throw new MailError(
        'No sender address: set MAIL_FROM (the SMTP user name is not an e-mail address).',
        'mail_unconfigured',
      );
    const transport = await this.transport();
    try {
      const info = await transport.sendMail({
        from: this.from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        text: mail.body,
        // Plain text only: nothing in a message may make nodemailer read a file or a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
        ...(signal ? { signal } : {}),
      });
      const addresses = (list: unknown[]) =>
        list.map((entry) =>
          typeof entry === 'string' ? entry : String((entry as MailAddress).address),
        );
      return {
        message_id: info.messageId,
        from: this.from,
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      throw this.failure(error as SmtpFailure);
    } finally {
      transport.close();
    }
  }

  /** Connects, greets and logs in, sending nothing. */
  async verify(): Promise<void> {
    const transport = await this.transport();
    try {
      await transport.verify();
    } catch (error) {
      throw this.failure(error as SmtpFailure);
    } finally {
      transport.close();
    }
  }

  private failure(error: SmtpFailure): MailError {
    const server = describeEndpoint(this.endpoint);
    const said = scrub(error.response ?? error.message ?? '', this.endpoint);
    const code = error.code ?? '';
    if (code === 'EAUTH' || code === 'ENOAUTH')
      return new MailError(
        `The ${server} refused the login: check the user name and password in SMTP_URL (${said}).`,
        'mail_auth_failed',
      );
    if (UNREACHABLE.has(code))
      return new MailError(`Could not reach the ${server} (${said}).`, 'mail_unreachable');
    if (code === 'ETLS')
      return new MailError(`TLS with the ${server} failed (${said}).`, 'mail_tls_failed');
    if (code === 'EENVELOPE' || code === 'EMESSAGE')
      return new MailError(`The ${server} refused the message (${said}).`, 'mail_rejected');
    return new MailError(`The ${server} failed (${said}).`, 'mail_failed');
  }
}
