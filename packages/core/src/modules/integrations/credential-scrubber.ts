import { REDACTED, redactText, redactValue, registerSecretValue } from '../../security/redact.js';

/** Shorter values would punch holes in ordinary words and numbers, and guard nothing anyway. */
const MIN_CHARS = 4;

/** How a text is written inside a URL, a form, a JSON string (and as PHP writes slashes). */
const ENCODINGS: Array<(text: string) => string> = [
  encodeURIComponent,
  (text) => new URLSearchParams({ v: text }).toString().slice(2),
  (text) => JSON.stringify(text).slice(1, -1),
  (text) => text.replaceAll('/', '\\/'),
];

/**
 * The forms a credential takes on the wire and in a vendor's echo of it: as it is, and encoded
 * once or twice (a URL carried in another URL's query, a JSON body inside a JSON error), and the
 * token alone of a header value with a scheme (`Bearer x`, the generic connector's field).
 */
function wireForms(value: string): string[] {
  const forms = new Set([value]);
  for (let round = 0; round < 2; round++)
    for (const form of [...forms]) for (const encode of ENCODINGS) forms.add(encode(form));
  const token = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(value)?.[1];
  if (token) for (const form of wireForms(token)) forms.add(form);
  return [...forms].filter((form) => form.length >= MIN_CHARS);
}

/**
 * Hides the credentials of one integration call: the exact values read from the vault and
 * every value derived from them on the way out (a Basic pair, an OAuth access token), each in
 * all its wire forms, case-insensitively (a percent-escape or a host name may come back in
 * another case). It runs on the vendor's answer as it is read and on any error the call ends
 * with, before a message reaches the caller, the call log, the live feed or a log line; then
 * the process-wide redactor runs as on any text. Every form is also registered with that
 * redactor, so sinks that redact on their own hide it too.
 */
export class CredentialScrubber {
  private readonly forms = new Set<string>();
  private pattern: RegExp | null = null;

  constructor(values: Iterable<string> = []) {
    for (const value of values) this.add(value);
  }

  /** A value placed on the request (or issued for it), hidden from now on. */
  add(value: string | undefined): void {
    if (!value || value.length < MIN_CHARS) return;
    for (const form of wireForms(value)) {
      if (this.forms.has(form)) continue;
      this.forms.add(form);
      registerSecretValue(form);
      this.pattern = null;
    }
  }

  /**
   * The text with every form hidden. A text cut before it got here (a capped answer, the tail
   * of a program's stderr) may begin with the end of a credential or end with its start: `cut`
   * hides such a partial form at that edge too.
   */
  text(text: string, cut?: 'start' | 'end'): string {
    if (this.forms.size === 0) return redactText(text);
    this.pattern ??= new RegExp(
      [...this.forms]
        .sort((a, b) => b.length - a.length)
        .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'gi',
    );
    let out = text.replace(this.pattern, REDACTED);
    if (cut) out = this.hidePartialForm(out, cut);
    return redactText(out);
  }

  /** Strings inside any JSON-like value scrubbed as text; secret-named keys hidden whole. */
  value<T>(value: T): T {
    return redactValue(value, (text) => this.text(text));
  }

  /**
   * The error with every form hidden from its message, stack, `extra` fields and causes,
   * changed in place: it is this call's own, and whoever catches it next reads the clean one.
   */
  error<T>(error: T): T {
    if (!(error instanceof Error) || this.forms.size === 0) return error;
    const fields = error as Error & { extra?: unknown; cause?: unknown };
    rewrite(error, 'message', this.text(fields.message));
    if (fields.stack) rewrite(error, 'stack', this.text(fields.stack));
    if (fields.extra !== undefined) rewrite(error, 'extra', this.value(fields.extra));
    if (fields.cause !== undefined) rewrite(error, 'cause', this.error(fields.cause));
    return error;
  }

  private hidePartialForm(text: string, edge: 'start' | 'end'): string {
    const lower = text.toLowerCase();
    let longest = 0;
    for (const form of this.forms) {
      const wanted = form.toLowerCase();
      for (let length = Math.min(form.length - 1, text.length); length > longest; length--) {
        const partial = edge === 'end' ? wanted.slice(0, length) : wanted.slice(-length);
        if (edge === 'end' ? lower.endsWith(partial) : lower.startsWith(partial)) {
          longest = length;
          break;
        }
      }
    }
    if (longest < MIN_CHARS) return text;
    return edge === 'end'
      ? `${text.slice(0, text.length - longest)}${REDACTED}`
      : `${REDACTED}${text.slice(longest)}`;
  }
}

/**
 * Sets a field only when its value changed, as an own property: a DOMException's message is a
 * getter on its prototype, and an AppError's `extra` is read-only to TypeScript only.
 */
function rewrite(target: Error, field: string, value: unknown): void {
  if (Reflect.get(target, field) === value) return;
  Object.defineProperty(target, field, { value, writable: true, configurable: true });
}
