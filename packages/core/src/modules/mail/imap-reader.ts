import type { ImapFlow, SearchObject } from 'imapflow';
import { describeEndpoint, type MailEndpoint, MailError, scrub } from './mail-endpoint.js';
import { type MailSummary, summarize } from './mail-summary.js';
import type { MailTimeouts } from './smtp-sender.js';

export interface ReadRequest {
  folder: string;
  limit: number;
  unseenOnly: boolean;
  /** Only messages with this text in a header or the body (IMAP SEARCH TEXT). */
  search: string | null;
  /** Mark the returned messages \Seen; otherwise the mailbox is opened read-only. */
  markSeen: boolean;
}

export interface ReadResult {
  folder: string;
  /** How many messages matched, before the limit. */
  matched: number;
  /** Newest first. */
  messages: MailSummary[];
}

/** The start of each message that is fetched: enough for headers and the first text part. */
const SOURCE_BYTES = 256 * 1024;

interface ImapFailure extends Error {
  code?: string;
  authenticationFailed?: boolean;
  tlsFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
  response?: string;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'NoConnection',
]);

/** Reads the operator's mailbox with imapflow: one connection per call, logged out after. */
export class ImapReader {
  constructor(
    private readonly endpoint: MailEndpoint,
    private readonly timeouts: MailTimeouts,
  ) {}

  private async client(): Promise<ImapFlow> {
    // Loaded when a mailbox is first read: imapflow is not needed to start the runtime.
    const { ImapFlow } = await import('imapflow');
    const { host, port, secure, user, password } = this.endpoint;
    // The IMAP server is named by the operator (IMAP_URL): operator trust, so it is reached
    // directly and not through the SSRF guard, which would refuse a LAN or loopback server.
    const client = new ImapFlow({
      host,
      port,
      secure,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: this.timeouts.connectMs,
      greetingTimeout: this.timeouts.connectMs,
      socketTimeout: this.timeouts.socketMs,
    });
    // Failures reach the caller through the rejected command; the event would otherwise crash.
    client.on('error', () => {});
    return client;
  }

  /** Connects and logs in, runs `fn`, logs out; the connection is closed whatever happens. */
  private async session<T>(
    signal: AbortSignal | undefined,
    folder: string | null,
    fn: (client: ImapFlow) => Promise<T>,
  ): Promise<T> {
    if (!this.endpoint.user)
      throw new MailError('IMAP_URL names no user to log in as.', 'mail_unconfigured');
    signal?.throwIfAborted();
    const client = await this.client();
    const abort = () => client.close();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await client.connect();
      const result = await fn(client);
      await client.logout();
      return result;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      throw error instanceof MailError ? error : this.failure(error as ImapFailure, folder);
    } finally {
      signal?.removeEventListener('abort', abort);
      client.close();
    }
  }

  async read(request: ReadRequest, signal?: AbortSignal): Promise<ReadResult> {
    return this.session(signal, request.folder, async (client) => {
      const lock = await client.getMailboxLock(request.folder, { readOnly: !request.markSeen });
      try {
        const query: SearchObject = {};
        if (request.unseenOnly) query.seen = false;
        if (request.search) query.text = request.search;
        const found = await client.search(Object.keys(query).length ? query : { all: true }, {
          uid: true,
        });
        if (found === false || found === undefined)
          throw new MailError(
            `The ${describeEndpoint(this.endpoint)} refused the search.`,
            'mail_failed',
          );
        // UIDs grow with arrival: the highest are the newest messages.
        const chosen = [...found].sort((a, b) => b - a).slice(0, request.limit);
        if (!chosen.length) return { folder: request.folder, matched: 0, messages: [] };
        const fetched = await client.fetchAll(
          chosen.join(','),
          {
            uid: true,
            envelope: true,
            flags: true,
            internalDate: true,
            source: { maxLength: SOURCE_BYTES },
          },
          { uid: true },
        );
        const messages = await Promise.all(fetched.map(summarize));
        if (request.markSeen)
          await client.messageFlagsAdd(chosen.join(','), ['\\Seen'], { uid: true });
        messages.sort((a, b) => b.uid - a.uid);
        return { folder: request.folder, matched: found.length, messages };
      } finally {
        lock.release();
      }
    });
  }

  /** Connects and logs in, reading nothing. */
  async verify(): Promise<void> {
    await this.session(undefined, null, async () => undefined);
  }

  private failure(error: ImapFailure, folder: string | null): MailError {
    const server = describeEndpoint(this.endpoint);
    const said = scrub(error.responseText || error.response || error.message || '', this.endpoint);
    if (error.authenticationFailed)
      return new MailError(
        `The ${server} refused the login: check the user name and password in IMAP_URL (${said}).`,
        'mail_auth_failed',
      );
    if (error.tlsFailed)
      return new MailError(`TLS with the ${server} failed (${said}).`, 'mail_tls_failed');
    if (error.code && UNREACHABLE.has(error.code))
      return new MailError(`Could not reach the ${server} (${said}).`, 'mail_unreachable');
    if (folder && (error.serverResponseCode === 'NONEXISTENT' || error.code === 'NoMailbox'))
      return new MailError(
        `There is no folder "${folder}" on the ${server}.`,
        'mail_folder_missing',
      );
    return new MailError(`The ${server} failed (${said}).`, 'mail_failed');
  }
}
