/**
 * Secret redaction for everything that leaves the process boundary of trust: logs, audit rows,
 * traces and (later) the model. Two layers: well-known token formats and `key=value` forms,
 * and the exact values of secrets this process knows (configured passwords, vault entries).
 */
import { VENDOR_TOKEN_PATTERNS } from './vendor-tokens.js';

export const REDACTED = '[REDACTED]';

const PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\bsk-ant-[A-Za-z0-9_-]{20,}/g, // Anthropic
  /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{20,}/g, // OpenAI and compatible
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g, // Stripe
  /\bgh[pousr]_[A-Za-z0-9]{36,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{40,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key id
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API key
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g, // Telegram bot token
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
  ...VENDOR_TOKEN_PATTERNS,
];

/** `scheme://user:password@host` keeps the user and hides the password. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+):([^\s@/]+)@/gi;
/** `Authorization: Bearer x`, `Basic x`. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/g;
const SECRET_WORD =
  '(?:passw(?:or)?d|passwd|pwd|secret|token(?!s)|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth[_-]?token)';
/** `password=x`, `"api_key": "x"`, `token: x`: an assignment to a secret-named key. */
const KEY_VALUE = new RegExp(
  String.raw`((?:^|[^A-Za-z0-9_])[A-Za-z0-9_.-]*${SECRET_WORD}[A-Za-z0-9_.-]*["']?\s*[=:]\s*["']?)([^\s"'&,;}]{4,})`,
  'gi',
);
/** `--password x`, `--api-key=x` on a command line. */
const FLAG_VALUE = new RegExp(
  String.raw`(\s--?[A-Za-z0-9-]*${SECRET_WORD}[A-Za-z0-9-]*(?:\s+|=)["']?)([^\s"']{4,})`,
  'gi',
);

/** "my password is hunter2": prose, when the value looks like a secret (has a digit or symbol). */
const PROSE_VALUE =
  /(\b(?:password|passphrase|passcode|pin|secret|token|api key)\s+(?:is|was)\s+["']?)((?=[^\s"']*[\d\W_])[^\s"',;]{4,})/gi;

const knownSecrets = new Set<string>();

/** Registers a secret value so it is hidden wherever it appears verbatim. */
export function registerSecretValue(value: string | undefined): void {
  if (value && value.length >= 6) knownSecrets.add(value);
}

export function forgetSecretValue(value: string): void {
  knownSecrets.delete(value);
}

export function redactText(text: string): string {
  let out = text;
  for (const secret of knownSecrets)
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const pattern of PATTERNS) out = out.replace(pattern, REDACTED);
  out = out.replace(URL_CREDENTIALS, `$1:${REDACTED}@`);
  out = out.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
  const hide = (_match: string, key: string, value: string) =>
    value.startsWith(REDACTED) ? `${key}${value}` : `${key}${REDACTED}`;
  out = out.replace(KEY_VALUE, hide);
  out = out.replace(FLAG_VALUE, hide);
  out = out.replace(PROSE_VALUE, hide);
  return out;
}

const SECRET_KEY =
  /passw(?:or)?d|passwd|secret|token|api[_-]?key|apikey|credential|private[_-]?key|cookie|authorization/i;

/** Redacts strings inside any JSON-like value; values under secret-named keys are hidden whole. */
export function redactValue<T>(value: T): T {
  return redactInner(value, 0) as T;
}

function redactInner(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactInner(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && inner !== null && inner !== undefined && inner !== ''
        ? REDACTED
        : redactInner(inner, depth + 1);
  }
  return out;
}
