/**
 * The part of a text that made the guard flag it, as the operator reads it in a confirmation and
 * in the trace: a short window around the match, with what a reader would not see spelled out
 * (zero-width and bidi characters by their code point, Unicode tag characters as the text they
 * hide), so nobody approves a call over a page that looked harmless only on screen.
 */

import { INVISIBLE_CHARS } from './normalise.js';

const WINDOW_BEFORE = 80;
const WINDOW_AFTER = 160;
const EXCERPT_CHARS = 400;

const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;

/** Invisible characters made visible: `⟦U+200B⟧`, tag characters as `⟦hidden: text⟧`. */
function showInvisible(text: string): string {
  return text
    .replace(
      TAG_RUN,
      (run) =>
        `⟦hidden: ${[...run].map((c) => String.fromCharCode((c.codePointAt(0) ?? 0xe0020) - 0xe0000)).join('')}⟧`,
    )
    .replace(
      INVISIBLE_CHARS,
      (c) => `⟦U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟧`,
    );
}

/** The window of `text` around `[index, index + length)`, one line, invisible parts shown. */
export function excerptAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - WINDOW_BEFORE);
  const end = Math.min(text.length, index + length + WINDOW_AFTER);
  const body = showInvisible(text.slice(start, end)).replace(/\s+/g, ' ').trim();
  const cut = body.length > EXCERPT_CHARS ? `${body.slice(0, EXCERPT_CHARS)}…` : body;
  return `${start > 0 ? '…' : ''}${cut}${end < text.length && cut === body ? '…' : ''}`;
}

/** Where the first invisible character sits, for an excerpt of a text flagged for hiding some. */
export function firstInvisible(text: string): number {
  return text.search(INVISIBLE_CHARS);
}
