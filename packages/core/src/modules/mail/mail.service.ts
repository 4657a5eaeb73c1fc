import type { SkillAvailability } from '../skills/skill.js';
import { ImapReader, type ReadRequest, type ReadResult } from './imap-reader.js';
import { type MailEndpoint, MailError, notConfigured, parseMailUrl } from './mail-endpoint.js';
import { type MailTimeouts, type OutgoingMail, type SentMail, SmtpSender } from './smtp-sender.js';

export interface MailConfig {
  smtpUrl?: string;
  mailFrom?: string;
  imapUrl?: string;
}

export interface EndpointStatus {
  configured: boolean;
  host: string | null;
  port: number | null;
  secure: boolean | null;
}

export interface MailStatus {
  smtp: EndpointStatus & { from: string | null };
  imap: EndpointStatus;
}

export interface ConnectionCheck {
  ok: boolean;
  error?: string;
}

export const DEFAULT_MAIL_TIMEOUTS: MailTimeouts = { connectMs: 10_000, socketMs: 30_000 };

export const MAIL_UNCONFIGURED =
  'Mail is not configured: set SMTP_URL to send and IMAP_URL to read.';

const view = (endpoint: MailEndpoint | null): EndpointStatus =>
  endpoint
    ? { configured: true, host: endpoint.host, port: endpoint.port, secure: endpoint.secure }
    : { configured: false, host: null, port: null, secure: null };

/** The sender address: MAIL_FROM, else the SMTP user when it is an address. */
function senderFor(smtp: MailEndpoint | null, mailFrom: string | undefined): string | null {
  if (mailFrom) return mailFrom;
  return smtp && /^[^\s@]+@[^\s@]+$/.test(smtp.user) ? smtp.user : null;
}

/**
 * Mail through the operator's own servers: send over SMTP, read over IMAP. Either side may be
 * unset; the one in use then fails with a MailError saying which variable to set. Nothing it
 * returns or throws carries the credentials.
 */
export class MailService {
  readonly smtp: MailEndpoint | null;
  readonly imap: MailEndpoint | null;
  private readonly sender: SmtpSender | null;
  private readonly reader: ImapReader | null;
  private readonly readListeners: Array<(result: ReadResult) => void> = [];

  constructor(config: MailConfig, timeouts: MailTimeouts = DEFAULT_MAIL_TIMEOUTS) {
    this.smtp = parseMailUrl(config.smtpUrl, 'SMTP_URL');
    this.imap = parseMailUrl(config.imapUrl, 'IMAP_URL');
    this.sender = this.smtp
      ? new SmtpSender(this.smtp, senderFor(this.smtp, config.mailFrom), timeouts)
      : null;
    this.reader = this.imap ? new ImapReader(this.imap, timeouts) : null;
  }

  status(): MailStatus {
    return {
      smtp: { ...view(this.smtp), from: this.sender?.from ?? null },
      imap: view(this.imap),
    };
  }

  availability(): SkillAvailability {
    return this.smtp || this.imap
      ? { available: true }
      : { available: false, reason: MAIL_UNCONFIGURED };
  }

  /** Sends one plain-text message; throws MailError. */
  async send(mail: OutgoingMail, signal?: AbortSignal): Promise<SentMail> {
    if (!this.sender) throw notConfigured('SMTP_URL');
    return this.sender.send(mail, signal);
  }

  /** Called with each successful read (memory keeps the messages as observations). */
  onRead(listener: (result: ReadResult) => void): void {
    this.readListeners.push(listener);
  }

  /** Lists messages of a folder, newest first; throws MailError. */
  async read(request: ReadRequest, signal?: AbortSignal): Promise<ReadResult> {
    if (!this.reader) throw notConfigured('IMAP_URL');
    const result = await this.reader.read(request, signal);
    for (const listener of this.readListeners) listener(result);
    return result;
  }

  /** Logs in to both servers (in parallel) and says what failed, in words. */
  async test(): Promise<{ smtp: ConnectionCheck; imap: ConnectionCheck }> {
    const check = async (
      verify: (() => Promise<void>) | null,
      variable: MailEndpoint['variable'],
    ): Promise<ConnectionCheck> => {
      if (!verify) return { ok: false, error: notConfigured(variable).message };
      try {
        await verify();
        return { ok: true };
      } catch (error) {
        // MailErrors are already in words without credentials; anything else is not shown.
        const message =
          error instanceof MailError ? error.message : 'The connection check failed unexpectedly.';
        return { ok: false, error: message };
      }
    };
    const [smtp, imap] = await Promise.all([
      check(this.sender ? () => (this.sender as SmtpSender).verify() : null, 'SMTP_URL'),
      check(this.reader ? () => (this.reader as ImapReader).verify() : null, 'IMAP_URL'),
    ]);
    return { smtp, imap };
  }
}
