/**
 * Instructions smuggled in a form the model can read but a phrase rule cannot: base64, hex,
 * URL-encoding, Unicode tag characters, leetspeak, letters spaced apart, look-alike letters of
 * another script, ROT13, or the text written backwards. Each candidate is decoded and the decoded text is handed back to the
 * caller's rules, so an encoded harmless blob (an image, a hash) stays quiet.
 */
import {
  deLeet,
  foldConfusables,
  hasLeet,
  hasMixedScriptWords,
  hasSpacedLetters,
  joinSpacedLetters,
  LEET_MARK,
  partsWith,
  SPACED_MARK,
} from './normalise.js';
import { isSpace } from './token-flooding.js';

/** From a run's start only: tried at every letter of a word, the run is read again each time. */
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,8192}={0,2}/g;
const HEX_RUN = /\b(?:[0-9a-fA-F]{2}[\s:]?){16,4096}/g;
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2}){8,}/g;
const TAG_RUN = /[\u{E0020}-\u{E007E}]{4,}/gu;
/** A written-backwards payload is a sentence or two; reversing whole pages would double the cost. */
const REVERSED_MAX = 4096;
/**
 * Common words as they read backwards ("the", "you", "and", "ignore", "instructions"): text
 * written backwards has some, ordinary text almost never, so most texts skip a reversed pass.
 */
const REVERSED_WORDS = /\b(?:eht|uoy|dna|ruoy|erongi|snoitcurtsni|tpmorp|metsys|lla)\b/i;
/** Base64 runs decoded per text: a JSON dump of ids should not cost a decode each. */
const MAX_RUNS = 64;

/** Each ASCII code's kind: 1 in the base64 alphabet, 2 in the URL-safe one only, 5 a capital. */
const ALPHABET = Uint8Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (/[A-Z]/.test(char)) return 5;
  if (/[a-z0-9+/]/.test(char)) return 1;
  return /[_-]/.test(char) ? 2 : 0;
});

/**
 * Where the first run of `min` or more base64 characters (`url`: of either alphabet) with a
 * capital among them starts, or -1. A run worth decoding needs both, so the run expressions,
 * which test a look-behind at each character, start there: most texts have no such run, and
 * one walk over the characters says so.
 */
export function base64RunAt(text: string, min: number, url = false): number {
  const accepted = url ? 3 : 1;
  let run = 0;
  let capital = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const kind = code < 128 ? (ALPHABET[code] ?? 0) : 0;
    if ((kind & accepted) === 0) {
      run = 0;
      capital = false;
      continue;
    }
    run += 1;
    if (kind === 5) capital = true;
    if (capital && run >= min) return index + 1 - run;
  }
  return -1;
}

/** Each ASCII code's kind in a hex run: 1 a hex digit, 2 a separator (`\s` or a colon). */
const HEX_KIND = Uint8Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (/[0-9a-f]/i.test(char)) return 1;
  return /[\s:]/.test(char) ? 2 : 0;
});

/**
 * Whether `text` could hold a HEX_RUN: 32 hex digits with no other character between them than
 * single spaces or colons. One walk, where the expression tries each word again.
 */
function hasHexDigits(text: string): boolean {
  let digits = 0;
  let separated = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const kind = code < 128 ? (HEX_KIND[code] ?? 0) : isSpace(code) ? 2 : 0;
    if (kind === 1) {
      digits += 1;
      separated = false;
      if (digits >= 32) return true;
    } else if (!separated && kind === 2) separated = true;
    else {
      digits = 0;
      separated = false;
    }
  }
  return false;
}

/** Mostly printable text: a decoded image or a random key is not. */
function readable(text: string): boolean {
  if (text.length < 12) return false;
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{S}\s]/gu)?.length ?? 0;
  const broken = text.match(/\uFFFD/g)?.length ?? 0;
  return (printable - broken) / text.length > 0.9;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** Decoded forms of the text worth a second look. */
export function decodedCandidates(text: string): string[] {
  const out: string[] = [];
  let runs = 0;
  // No run the loop would decode starts before `from` (base64RunAt), so the search starts there.
  const from = base64RunAt(text, 24, true);
  for (const [run] of from < 0 ? [] : text.slice(from).matchAll(BASE64_RUN)) {
    // A word or an identifier is not base64 worth decoding: it needs mixed case or digits.
    if (!/[A-Z]/.test(run) || !/[a-z0-9]/.test(run)) continue;
    runs += 1;
    if (runs > MAX_RUNS) break;
    const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
      'utf8',
    );
    if (readable(decoded)) out.push(decoded);
  }
  for (const [run] of hasHexDigits(text) ? text.matchAll(HEX_RUN) : []) {
    const decoded = Buffer.from(run.replace(/[\s:]/g, ''), 'hex').toString('utf8');
    if (readable(decoded)) out.push(decoded);
  }
  for (const [run] of text.matchAll(PERCENT_RUN)) {
    try {
      out.push(decodeURIComponent(run));
    } catch {
      // A broken escape sequence decodes to nothing worth reading.
    }
  }
  // Tag characters mirror ASCII (U+E0041 is an invisible "A"): the hidden text itself.
  for (const [run] of text.matchAll(TAG_RUN))
    out.push(
      [...run].map((c) => String.fromCharCode((c.codePointAt(0) ?? 0xe0020) - 0xe0000)).join(''),
    );
  // Read back only the parts that carry the trick, so a long page is not scanned twice more.
  if (hasLeet(text)) out.push(deLeet(partsWith(text, LEET_MARK)));
  if (hasMixedScriptWords(text)) out.push(foldConfusables(text));
  if (hasSpacedLetters(text)) out.push(joinSpacedLetters(partsWith(text, SPACED_MARK)));
  if (/\brot[- ]?13\b/i.test(text)) out.push(rot13(text.slice(0, REVERSED_MAX)));
  if (text.length <= REVERSED_MAX && REVERSED_WORDS.test(text))
    out.push([...text].reverse().join(''));
  return out;
}
