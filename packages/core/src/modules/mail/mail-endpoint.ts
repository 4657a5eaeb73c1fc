import { redactText, registerSecretValue } from '../../security/redact.js';
import { SkillError } from '../skills/skill.js';

/** An SMTP or IMAP server as SMTP_URL / IMAP_URL name it, credentials decoded. */
export interface MailEndpoint {
  kind: 'SMTP' | 'IMAP';
  /** The variable it came from, for messages that tell the operator what to fix. */
  variable: 'SMTP_URL' | 'IMAP_URL';
  host: string;
  port: number;
  /** Implicit TLS from the first byte (smtps://, imaps://); otherwise STARTTLS when offered. */
  secure: boolean;
  user: string;
  password: string;
}

const DEFAULT_PORTS: Record<string, number> = { smtp: 587, smtps: 465, imap: 143, imaps: 993 };

/**
 * Reads a mail URL (already validated at boot by the config). The decoded password is registered
 * as a secret too: the config registers the whole URL, and a library could echo the password
 * alone.
 */
export function parseMailUrl(
  text: string | undefined,
  variable: MailEndpoint['variable'],
): MailEndpoint | null {
  if (!text) return null;
  const url = new URL(text);
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const endpoint: MailEndpoint = {
    kind: variable === 'SMTP_URL' ? 'SMTP' : 'IMAP',
    variable,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : (DEFAULT_PORTS[scheme] ?? 0),
    secure: scheme.endsWith('s'),
    user: decode(url.username),
    password: decode(url.password),
  };
  registerSecretValue(endpoint.password);
  registerSecretValue(url.password);
  return endpoint;
}

/** host:port, the only way an endpoint is ever named in a message (never its URL). */
export function describeEndpoint(endpoint: MailEndpoint): string {
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return `${endpoint.kind} server ${host}:${endpoint.port}`;
}

/** Text from a server or a library, with the endpoint's credentials cut out, whatever else. */
export function scrub(text: string, endpoint: MailEndpoint): string {
  let out = text;
  for (const secret of [endpoint.password, encodeURIComponent(endpoint.password)])
    if (secret) out = out.split(secret).join('[REDACTED]');
  return redactText(out).replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** Mail failures in words the model and the operator can act on; never with credentials. */
export class MailError extends SkillError {}

export const notConfigured = (variable: MailEndpoint['variable']) =>
  new MailError(
    variable === 'SMTP_URL'
      ? 'Sending mail is not configured: set SMTP_URL to the SMTP server to send through.'
      : 'Reading mail is not configured: set IMAP_URL to the IMAP mailbox to read.',
    'mail_unconfigured',
  );
