/**
 * The forms of a text the injection rules read. Attackers dodge a plain match with look-alike
 * letters (fullwidth, mathematical), accents left out or added, invisible characters inside
 * words and markdown emphasis; every rule and every text is folded the same way, so a rule is
 * written once in plain lower case.
 */

/** Characters that render as nothing (zero-width, bidi controls, Unicode tag characters). */
export const INVISIBLE_CHARS =
  /[\u00AD\u200B-\u200F\u2060-\u2064\u180E\u202A-\u202E\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;

/** Anything but printable ASCII and line breaks: such text needs the Unicode passes. */
const NOT_PLAIN_ASCII = /[^\t\n\r\u0020-\u007E]/;

/** Combining accents of Latin, Greek and Cyrillic letters, and Arabic vowel marks. */
const MARKS = /[\u0300-\u036F\u064B-\u065F\u0670]/g;

/** Removes accents and vowel marks; scripts whose letters decompose (Hangul, kana) recompose. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').normalize('NFC');
}

/** The text in NFKC without invisible characters: what the structural rules read. */
export function visibleForm(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE_CHARS, '');
}

/**
 * The text the phrase rules read: folded, one case, one space, no invisible or emphasis
 * characters, typographic quotes made plain. `visible` is the text's visibleForm when the
 * caller has made it already.
 */
export function normalise(text: string, visible?: string): string {
  // Plain ASCII has nothing to fold: most tool output skips the Unicode passes.
  const folded = NOT_PLAIN_ASCII.test(text) ? fold(visible ?? visibleForm(text)) : text;
  return (
    folded
      // Escapes of a JSON string would glue words together ("done.\\nYou must").
      .replace(/\\[nrt"]/g, ' ')
      .replace(/[*`~]/g, '')
      .replace(/[\u2018\u2019\u02BC]/g, "'")
      .replace(/[\u201C\u201D\u201E\u00AB\u00BB\u300C\u300D]/g, '"')
      // Each run of spacing to one space; a lone space, most of them, is left where it is.
      .replace(/\s{2,}|[^\S ]/g, ' ')
      .toLowerCase()
  );
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};
/** A word with a digit or symbol standing for a letter: "1gn0re", "pr3v10us", "@dm1n". */
const LEET_WORD = /[a-z]*[013457@$!|][a-z013457@$!|]*/gi;

/** Whether the text has words written in leetspeak (a letter and a stand-in digit together). */
export const LEET_MARK = /[a-z][013457@$][a-z]|[013457@$][a-z]{2}/gi;
export function hasLeet(text: string): boolean {
  LEET_MARK.lastIndex = 0;
  return LEET_MARK.test(text);
}

/**
 * How far around a marked word a decoder reads: longer than any rule's match, so a rule that
 * matches only once the word is decoded matches in the window too.
 */
const REACH = 400;

/**
 * The parts of a text within REACH characters of a `marker` match (which must be global), each
 * kept within its line and on a line of its own; a part cut inside a line is marked with "…",
 * so a rule for the start or end of a line does not take the cut for one. A decoder reads these,
 * not a whole page again: a long paragraph with one "3rd" in it is not read twice over.
 */
export function partsWith(text: string, marker: RegExp): string {
  const parts: string[] = [];
  let start = -1;
  let end = -1;
  let closed = false;
  const flush = () => {
    if (start < 0) return;
    const cutBefore = start > 0 && text[start - 1] !== '\n';
    const cutAfter = end < text.length && text[end] !== '\n';
    parts.push(`${cutBefore ? '… ' : ''}${text.slice(start, end)}${cutAfter ? ' …' : ''}`);
  };
  marker.lastIndex = 0;
  for (let found = marker.exec(text); found; found = marker.exec(text)) {
    const at = found.index;
    const reach = Math.min(text.length, at + found[0].length + REACH);
    if (start >= 0 && at <= end) {
      // The same part grows to this match's reach, unless its line ended first; only the new
      // stretch is searched for a line break, so a long line costs one pass however many marks.
      if (closed || reach <= end) continue;
      const nl = lineBreakIn(text, end, reach);
      closed = nl >= 0;
      end = closed ? nl : reach;
      continue;
    }
    flush();
    const from = Math.max(end, at - REACH, 0);
    const before = lastLineBreakIn(text, from, at);
    start = before >= 0 ? before + 1 : from;
    const nl = lineBreakIn(text, at, reach);
    closed = nl >= 0;
    end = closed ? nl : reach;
  }
  flush();
  return parts.join('\n');
}

/** The first line break in `text[from, to)`, or -1; bounded, unlike indexOf. */
function lineBreakIn(text: string, from: number, to: number): number {
  for (let index = from; index < to; index += 1) if (text.charCodeAt(index) === 10) return index;
  return -1;
}

function lastLineBreakIn(text: string, from: number, to: number): number {
  for (let index = to - 1; index >= from; index -= 1)
    if (text.charCodeAt(index) === 10) return index;
  return -1;
}

/** Leetspeak read back as letters, only inside words that mix letters and stand-ins. */
export function deLeet(text: string): string {
  return text.replace(LEET_WORD, (word) =>
    /[a-z]/i.test(word) ? word.replace(/[013457@$!|]/g, (c) => LEET[c] ?? c) : word,
  );
}

/**
 * Letters spaced or dotted apart ("i g n o r e  a l l", "I.G.N.O.R.E") joined back into words;
 * a wider gap (two spaces, a slash) between letters is kept as the space between words.
 */
// The lookahead first: a run starts with a character and a separator, which most places are
// not, and it costs a quarter of testing each place's neighbours for Unicode letters.
const SPACED =
  /(?=[^ .\-_][ .\-_])(?<![\p{L}\p{N}])(?:\p{L}(?:[ .\-_]| {2,3}| \/ )){5,}\p{L}(?![\p{L}\p{N}])/gu;
export const SPACED_MARK = /(?=[^ .\-_][ .\-_])(?:\p{L}(?:[ .\-_]| {2,3})){5}\p{L}/gu;
/**
 * What any spaced run holds: its second and third letters, each alone between separators. Few
 * places in most texts have that; a page of code has more, and SPACED then decides.
 */
const SPACED_HINT = /[ .\-_]\S[ .\-_/]{1,3}\S[ .\-_]/u;
export function hasSpacedLetters(text: string): boolean {
  return SPACED_HINT.test(text) && hasLoneCharacters(text) && text.search(SPACED) >= 0;
}

/** The characters a separator of SPACED is made of. */
const isSeparator = (code: number) =>
  code === 0x20 || code === 0x2e || code === 0x2d || code === 0x5f || code === 0x2f;

/**
 * Whether the text has four words of one character in a row, whatever separators between them,
 * as the inner letters of any spaced run are: one walk over the characters, which most texts
 * that pass SPACED_HINT fail (a character outside the basic plane counts as one).
 */
function hasLoneCharacters(text: string): boolean {
  let run = 0;
  let length = 0;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 0x20;
    if (!isSeparator(code)) {
      length += 1;
      const next = text.charCodeAt(index + 1);
      if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) index += 1;
      continue;
    }
    if (length > 0) run = length === 1 ? run + 1 : 0;
    if (run >= 4) return true;
    length = 0;
  }
  return false;
}
export function joinSpacedLetters(text: string): string {
  return text.replace(SPACED, (run) =>
    run
      .split(/ {2,3}| \/ /)
      .map((word) => word.replace(/[ .\-_]/g, ''))
      .join(' '),
  );
}

/**
 * Cyrillic and Greek letters that look like Latin ones ("іgnоrе" with a Cyrillic і, о and е).
 * Only a word that mixes them with Latin letters is read back: a Russian or Greek word is left
 * as it is written.
 */
const CONFUSABLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const CONFUSABLE_CLASS = `[${Object.keys(CONFUSABLE).join('')}]`;
/** A word with Latin letters and a look-alike from another script. */
const MIXED_WORD = new RegExp(
  `[A-Za-z]+${CONFUSABLE_CLASS}[\\p{L}]*|${CONFUSABLE_CLASS}+[A-Za-z][\\p{L}]*`,
  'gu',
);
/** Any look-alike at all: most texts have none, and this test costs a fraction of MIXED_WORD's. */
const ANY_CONFUSABLE = new RegExp(CONFUSABLE_CLASS, 'u');
export function hasMixedScriptWords(text: string): boolean {
  if (!ANY_CONFUSABLE.test(text)) return false;
  MIXED_WORD.lastIndex = 0;
  return MIXED_WORD.test(text);
}
/** The text with each mixed-script word read back in Latin letters. */
export function foldConfusables(text: string): string {
  return text.replace(MIXED_WORD, (word) => word.replace(/./gu, (c) => CONFUSABLE[c] ?? c));
}
