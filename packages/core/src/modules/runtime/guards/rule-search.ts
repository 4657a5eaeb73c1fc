/**
 * Where each of a set of patterns first matches a text, in about one pass instead of one per
 * pattern. The patterns are joined into one alternation (per flag set); each place it matches
 * is a place where at least one pattern matches, and only there is each pattern tried, by one
 * anchored expression that looks ahead for every pattern and captures those that match. A
 * pattern's first match is thus the one `exec` would return: no earlier place can hold it, since
 * the alternation would have stopped there.
 *
 * Two expressions per flag set, both used on every text that matches, not one per pattern: V8
 * compiles an expression on its first uses, and one used only now and then stays slow. A
 * pattern that matches again and again (a turn marker on each line of a transcript) stops the
 * search at each place, two short steps each, which keeps the time linear in the text.
 */

export interface FirstMatch {
  index: number;
  length: number;
}

interface FlagSet {
  /** The alternation of the patterns, global so it can resume. */
  any: RegExp;
  /** Sticky: at one place, captures what each pattern that matches there matches. */
  which: RegExp;
  /**
   * Each member's position in the caller's list, the number of its capture in `which` (read by
   * number: a named group would cost an object of all the names at each place), and a copy of
   * it for the search alone.
   */
  members: { at: number; capture: number; alone: RegExp }[];
  unicode: boolean;
  /** Whether `any` and `which` have been run once on PRIMER (see there). */
  primed: boolean;
}

export interface RuleSearch {
  size: number;
  sets: FlagSet[];
  /** Patterns that cannot share an alternation (a backreference or a named group). */
  alone: { at: number; pattern: RegExp }[];
}

/**
 * Long texts of two-byte and of one-byte characters, run through each expression before its
 * first search. V8 interprets an expression at first and compiles it later, for one- and
 * two-byte text apart, at once only for a subject of 1,000 characters or more. Without this,
 * an expression first run on short text stayed interpreted for two-byte text (any script but
 * Latin): 280 to 550 µs on an Arabic help page, against 10 to 20 compiled; and the first long
 * text of a kind paid the compiling, milliseconds, in its own scan. Now the first scan pays
 * (about 80 ms for what a first English text uses) and later ones do not.
 */
const PRIMERS = ['\u2026'.repeat(1024), ' '.repeat(1024)];

/**
 * Places in a row that found no pattern not found already, before the patterns still missing
 * are searched one by one: one pattern matching again and again (a turn marker on each line of
 * a transcript) would otherwise stop the search at each of its places.
 */
const MAX_IDLE = 8;

/**
 * A backreference (`\1` to `\9`, `\k<name>`, unless the backslash is itself escaped) or a named
 * group, which two patterns in one alternation could not both declare.
 */
const NUMBERED_OR_NAMED = /(?<!\\)(?:\\\\)*\\(?:[1-9]|k<)|\(\?<(?![=!])/;

export function ruleSearch(patterns: readonly RegExp[]): RuleSearch {
  const byFlags = new Map<string, number[]>();
  const alone: RuleSearch['alone'] = [];
  patterns.forEach((pattern, at) => {
    const flags = pattern.flags.replace(/[gy]/g, '');
    if (NUMBERED_OR_NAMED.test(pattern.source)) {
      alone.push({ at, pattern: new RegExp(pattern.source, flags) });
      return;
    }
    byFlags.set(flags, [...(byFlags.get(flags) ?? []), at]);
  });
  const sets = [...byFlags].map(([flags, members]) => {
    const sources = members.map((at) => patterns[at]?.source ?? '');
    // A member's capture comes after those of the members before it, each with its own groups.
    let capture = 1;
    const captures = sources.map((source) => {
      const mine = capture;
      capture += 1 + capturingGroups(source);
      return mine;
    });
    const which = new RegExp(sources.map((source) => `(?:(?=(${source}))|)`).join(''), `${flags}y`);
    return {
      any: new RegExp(anyOf(sources), `${flags}g`),
      which,
      members: members.map((at, member) => ({
        at,
        capture: captures[member] ?? 0,
        alone: new RegExp(sources[member] ?? '', `${flags}g`),
      })),
      unicode: flags.includes('u') || flags.includes('v'),
      primed: false,
    };
  });
  return { size: patterns.length, sets, alone };
}

/**
 * The source of the alternation that finds where some pattern matches. Only the place of its
 * match is read, never which alternative matched, so the patterns' top-level alternatives may
 * be regrouped: those that start at a word boundary go behind one `\b`, which fails at once
 * inside a word instead of once for each of them (a leading look-behind moves after its `\b`:
 * two assertions at one place hold in either order). The English groups' alternations ran a
 * third to a half faster so.
 */
export function anyOf(sources: string[]): string {
  const atWord: string[] = [];
  const others: string[] = [];
  for (const alternative of sources.flatMap(topLevelAlternatives)) {
    const behind = /^\(\?<[=!]/.test(alternative) ? groupEnd(alternative, 0) + 1 : 0;
    if (WORD_START.test(alternative.slice(behind)))
      atWord.push(`(?:${alternative.slice(0, behind)}${alternative.slice(behind + 2)})`);
    else others.push(`(?:${alternative})`);
  }
  return [...(atWord.length > 0 ? [`\\b(?:${atWord.join('|')})`] : []), ...others].join('|');
}

/** A `\b` that is not quantified. */
const WORD_START = /^\\b(?![*+?{])/;

/** The alternatives of a source's outermost level. */
function topLevelAlternatives(source: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < source.length; at = skip(source, at)) {
    const char = source[at];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) {
      alternatives.push(source.slice(start, at));
      start = at + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/** Where the group opening at `open` closes. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let at = open; at < source.length; at = skip(source, at)) {
    if (source[at] === '(') depth += 1;
    else if (source[at] === ')') {
      depth -= 1;
      if (depth === 0) return at;
    }
  }
  return source.length;
}

/** How many capturing groups a source opens: each `(` not followed by `?` (named ones go alone). */
function capturingGroups(source: string): number {
  let count = 0;
  for (let at = 0; at < source.length; at = skip(source, at))
    if (source[at] === '(' && source[at + 1] !== '?') count += 1;
  return count;
}

/** The index after the token at `at`: an escape or a character class is one token. */
function skip(source: string, at: number): number {
  if (source[at] === '\\') return at + 2;
  if (source[at] !== '[') return at + 1;
  let end = at + 1;
  while (end < source.length && source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
  return end + 1;
}

/** Each pattern's first match in `text`, by its position in the list given to ruleSearch. */
export function firstMatches(search: RuleSearch, text: string): (FirstMatch | null)[] {
  const found: (FirstMatch | null)[] = new Array(search.size).fill(null);
  for (const set of search.sets) searchSet(set, text, found);
  for (const { at, pattern } of search.alone) {
    const match = pattern.exec(text);
    if (match) found[at] = { index: match.index, length: match[0].length };
  }
  return found;
}

function searchSet(set: FlagSet, text: string, found: (FirstMatch | null)[]): void {
  if (!set.primed) {
    set.primed = true;
    const expressions = [set.any, set.which, ...set.members.map(({ alone }) => alone)];
    for (const expression of expressions)
      for (const primer of PRIMERS) {
        expression.lastIndex = 0;
        expression.exec(primer);
      }
  }
  let missing = set.members.length;
  let idle = 0;
  set.any.lastIndex = 0;
  let match = set.any.exec(text);
  while (match && missing > 0) {
    const place = match.index;
    set.which.lastIndex = place;
    const captured = set.which.exec(text) ?? [];
    let fresh = false;
    for (const { at, capture } of set.members) {
      const here = captured[capture];
      if (found[at] || here === undefined) continue;
      found[at] = { index: place, length: here.length };
      missing -= 1;
      fresh = true;
    }
    idle = fresh ? 0 : idle + 1;
    const next = place + (set.unicode && isPairAt(text, place) ? 2 : 1);
    if (idle >= MAX_IDLE) {
      // Nothing before `next` holds a missing pattern: each resumes from there on its own.
      for (const { at, alone } of set.members) {
        if (found[at]) continue;
        alone.lastIndex = next;
        const later = alone.exec(text);
        if (later) found[at] = { index: later.index, length: later[0].length };
      }
      return;
    }
    set.any.lastIndex = next;
    match = set.any.exec(text);
  }
}

/** A surrogate pair starts at `index`: a Unicode pattern cannot start a match inside it. */
export function isPairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}
