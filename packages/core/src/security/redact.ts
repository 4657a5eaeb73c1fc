/**
 * Secret redaction for everything that leaves the process boundary of trust: the model, logs,
 * audit rows, traces, the live feed and error bodies. Three layers: the exact values of secrets
 * this process knows (configured passwords, vault entries); our own rules for the forms secrets
 * take in commands, headers, URLs and assignments (secret-forms.ts, vendor-tokens.ts), which hide
 * only the value and keep the words around it; and secretlint's maintained preset on what is left.
 */

import { anyPattern } from '../util/any-pattern.js';
import { BoundedMemo } from '../util/bounded-memo.js';
import {
  AUTH_SCHEME,
  ENV_ASSIGNMENT,
  FLAG_VALUE,
  HEADER_VALUE,
  KEY_VALUE,
  PROSE_VALUE,
  REDACTED,
  SIGNED_URL_PARAM,
  TOKEN_PATTERNS,
  TOOL_FLAGS,
  URL_CREDENTIALS,
  WEBHOOK_URL,
} from './secret-forms.js';
import { secretlintRanges } from './secretlint-rules.js';
import { VENDOR_TOKEN_PATTERNS } from './vendor-tokens.js';

export { REDACTED };

const PATTERNS: RegExp[] = [...TOKEN_PATTERNS, ...VENDOR_TOKEN_PATTERNS];
/** Rules written as (words kept)(value hidden). */
const VALUE_RULES: RegExp[] = [
  WEBHOOK_URL,
  URL_CREDENTIALS,
  SIGNED_URL_PARAM,
  HEADER_VALUE,
  ENV_ASSIGNMENT,
  ...TOOL_FLAGS,
  KEY_VALUE,
  FLAG_VALUE,
  PROSE_VALUE,
];
/**
 * Whether any rule above matches: most short texts (chat messages, replies, log fields) hold no
 * secret, and telling so in a pass per flag set costs a fifth of running every rule. On long
 * texts the rules' own scans are cheaper than that pass (bench/redaction.bench.ts, the 50 KB
 * page), so those skip it.
 */
const anyRule = anyPattern([...PATTERNS, AUTH_SCHEME, ...VALUE_RULES]);
const ANY_RULE_MAX_CHARS = 2_048;
/** Characters a token is made of: a reported range is widened to the whole token. */
const TOKEN_CHAR = /[A-Za-z0-9+/=_.~-]/;

const knownSecrets = new Set<string>();
/** Bumped whenever the known secrets change: a result kept from before must be redacted again. */
let secretsVersion = 0;

/** Changes whenever a secret is registered or forgotten (for callers that keep redacted text). */
export function knownSecretsVersion(): number {
  return secretsVersion;
}

/** Registers a secret value so it is hidden wherever it appears verbatim. */
export function registerSecretValue(value: string | undefined): void {
  if (value && value.length >= 6 && !knownSecrets.has(value)) {
    knownSecrets.add(value);
    secretsVersion += 1;
    recurring.clear();
  }
}

export function forgetSecretValue(value: string): void {
  if (knownSecrets.delete(value)) {
    secretsVersion += 1;
    recurring.clear();
  }
}

/**
 * Redacted forms of texts that come back request after request (the identity, prime.md and the
 * rules in every system prompt), newest last. Dropped whenever the known secrets change, so a
 * text kept before a secret was registered is redacted again with it.
 */
const recurring = new BoundedMemo<string>(256);
/** Longer texts are redacted afresh each time rather than kept. */
const RECURRING_MAX_CHARS = 16_384;

/** redactText for a text that recurs: the first call redacts, later ones reuse its result. */
export function redactRecurringText(text: string): string {
  return text.length <= RECURRING_MAX_CHARS ? recurring.get(text, redactText) : redactText(text);
}

function hideValue(_match: string, kept: string, value: string): string {
  return value.startsWith(REDACTED) ? `${kept}${value}` : `${kept}${REDACTED}`;
}

export function redactText(text: string): string {
  let out = text;
  for (const secret of knownSecrets)
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  if (out.length > ANY_RULE_MAX_CHARS || anyRule(out)) {
    for (const pattern of PATTERNS) out = out.replace(pattern, REDACTED);
    out = out.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
    for (const rule of VALUE_RULES) out = out.replace(rule, hideValue);
  }
  return hideRanges(out, secretlintRanges(out));
}

/** Hides the reported ranges (merged, widened to whole tokens), except where already hidden. */
function hideRanges(text: string, ranges: Array<[number, number]>): string {
  if (ranges.length === 0) return text;
  const merged: Array<[number, number]> = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    let end = to;
    while (end < text.length && TOKEN_CHAR.test(text[end] ?? '')) end += 1;
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([from, end]);
  }
  let out = '';
  let at = 0;
  for (const [from, to] of merged) {
    const span = text.slice(from, to);
    out += text.slice(at, from) + (span.includes(REDACTED) ? span : REDACTED);
    at = to;
  }
  return out + text.slice(at);
}

const SECRET_KEY =
  /passw(?:or)?d|passwd|secret|token|api[_-]?key|apikey|credential|private[_-]?key|cookie|authorization/i;

/**
 * Redacts strings inside any JSON-like value; values under secret-named keys are hidden whole.
 * `redactString` is how each string is redacted: redactText, or a caller's stricter version.
 */
export function redactValue<T>(value: T, redactString: (text: string) => string = redactText): T {
  return redactInner(value, 0, redactString) as T;
}

function redactInner(
  value: unknown,
  depth: number,
  redactString: (text: string) => string,
): unknown {
  if (typeof value === 'string') return redactString(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactInner(item, depth + 1, redactString));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && inner !== null && inner !== undefined && inner !== ''
        ? REDACTED
        : redactInner(inner, depth + 1, redactString);
  }
  return out;
}
