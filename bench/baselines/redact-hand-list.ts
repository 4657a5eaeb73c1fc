/**
 * The redactor as it was before secretlint's preset became its base: a hand-kept pattern list.
 * Frozen here as the baseline of bench/redaction.bench.ts (misses, false alarms, speed).
 */
const VENDOR_TOKEN_PATTERNS: RegExp[] = [
  /\bpat[A-Za-z0-9]{14}\.[0-9a-f]{64}\b/g, // Airtable personal access token
  /\b\d\/\d{6,}(?:\/\d+)?:[0-9a-f]{32}\b/g, // Asana personal access token
  /\bATAT[A-Za-z0-9_=-]{20,}/g, // Atlassian API token (Jira, Confluence, Bitbucket)
  /\bATTA[A-Za-z0-9]{60,}\b/g, // Trello token
  /\bpk_\d+_[A-Z0-9]{32}\b/g, // ClickUp personal token
  /\bCG-[A-Za-z0-9]{20,}\b/g, // CoinGecko API key
  /\bdo[opr]_v1_[0-9a-f]{64}\b/g, // DigitalOcean token
  /\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}\b/g, // Discord bot token
  /\bGOCSPX-[A-Za-z0-9_-]{28}\b/g, // Google OAuth client secret
  /\b1\/\/0[A-Za-z0-9_-]{20,}/g, // Google OAuth refresh token
  /\bglsa_[A-Za-z0-9]{32}_[0-9a-f]{8}\b/g, // Grafana service account token
  /\bpat-[a-z]{2}\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, // HubSpot
  /\blin_api_[A-Za-z0-9]{40}\b/g, // Linear API key
  /\bkey-[0-9a-f]{32}\b/g, // Mailgun API key (old form)
  /\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b/g, // Mailgun API key
  /\bsy[td]_[A-Za-z0-9_]+_[A-Za-z0-9]{10,}_[A-Za-z0-9]{6}\b/g, // Matrix (Synapse) access token
  /\bnfp_[A-Za-z0-9]{36,}\b/g, // Netlify personal access token
  /\b[A-Za-z0-9]{5}(?:-[A-Za-z0-9]{5}){4}\b/g, // Nextcloud app password
  /\bntn_[A-Za-z0-9]{40,}\b/g, // Notion integration token
  /\bsecret_[A-Za-z0-9]{43}\b/g, // Notion integration token (old form)
  /\btk_[A-Za-z0-9]{29}\b/g, // ntfy access token
  /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g, // SendGrid API key
  /\bsntry[us]_[A-Za-z0-9+/=_.-]{20,}/g, // Sentry auth token
  /\bshp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}\b/g, // Shopify access token
  /\buk\d+_[A-Za-z0-9_-]{16,}/g, // Uptime Kuma API key
];

const REDACTED = '[REDACTED]';

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

export function redactTextHandList(text: string): string {
  let out = text;
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
