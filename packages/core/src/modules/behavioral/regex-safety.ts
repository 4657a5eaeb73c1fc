/**
 * Static checks for operator-written trigger patterns. JavaScript regular expressions backtrack,
 * so some patterns take exponential or high polynomial time on a hostile request; the shapes
 * known to do so are refused here. What slips through is still bounded: input is capped and
 * matching runs in a worker with a time limit (regex-matcher.ts).
 */

export const PATTERN_MAX_LENGTH = 200;
/** Most unbounded repetitions (`*`, `+`, `{n,}`) in one pattern. */
const MAX_UNBOUNDED = 4;

interface Atom {
  source: string;
  /** A group that contains a quantifier. */
  quantifiedInside: boolean;
  /** The alternatives of a group when every one is plain text; null when one is not. */
  alternatives: string[] | null;
  hasAlternation: boolean;
}

interface Frame {
  start: number;
  quantifiedInside: boolean;
  alternatives: Array<string | null>;
  current: string | null;
  lookbehind: boolean;
}

const newFrame = (start: number, lookbehind = false): Frame => ({
  start,
  quantifiedInside: false,
  alternatives: [],
  current: '',
  lookbehind,
});

/** Why the pattern is refused, or null when it may be used. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'must not be empty';
  if (pattern.length > PATTERN_MAX_LENGTH)
    return `must be at most ${PATTERN_MAX_LENGTH} characters`;
  try {
    new RegExp(pattern, 'iu');
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message}`;
  }
  return shapeProblem(pattern);
}

/** Walks a pattern already known to be valid under the `u` flag. */
function shapeProblem(pattern: string): string | null {
  const stack: Frame[] = [newFrame(0)];
  let last: Atom | null = null;
  let previousRepeated: Atom | null = null;
  let unbounded = 0;
  const top = () => stack[stack.length - 1] as Frame;
  const plain = (text: string | null) => {
    const frame = top();
    frame.current = frame.current === null || text === null ? null : frame.current + text;
  };

  for (let i = 0; i < pattern.length; ) {
    const char = pattern[i] as string;
    const start = i;
    // The atom before this token was not repeated: if it matches text, it keeps the
    // repetitions on either side of it apart.
    if (last && !'*+?{'.includes(char) && !'^$'.includes(last.source)) previousRepeated = null;
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k')
        return 'must not use backreferences (they make matching time explode)';
      i += 2;
      if ('pPu'.includes(next) && pattern[i] === '{') i = pattern.indexOf('}', i) + 1;
      else if (next === 'u') i += 4;
      else if (next === 'x') i += 2;
      else if (next === 'c') i += 1;
      const escaped = /[\\^$.*+?()[\]{}|/-]/.test(next);
      plain(escaped ? next.toLowerCase() : null);
      last = atom(pattern.slice(start, i));
    } else if (char === '[') {
      i += 1;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i += 1;
      plain(null);
      last = atom(pattern.slice(start, i));
    } else if (char === '(') {
      const lookbehind = pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i);
      if (pattern.startsWith('(?<', i) && !lookbehind) i = pattern.indexOf('>', i) + 1;
      else if (pattern[i + 1] === '?') i += lookbehind ? 4 : 3;
      else i += 1;
      stack.push(newFrame(start, lookbehind));
      last = null;
    } else if (char === ')') {
      i += 1;
      const frame = stack.pop() as Frame;
      frame.alternatives.push(frame.current);
      const texts = frame.alternatives.every((a) => a !== null)
        ? (frame.alternatives as string[])
        : null;
      plain(null);
      if (frame.quantifiedInside) top().quantifiedInside = true;
      last = {
        source: pattern.slice(frame.start, i),
        quantifiedInside: frame.quantifiedInside,
        alternatives: texts,
        hasAlternation: frame.alternatives.length > 1,
      };
    } else if (char === '|') {
      i += 1;
      const frame = top();
      frame.alternatives.push(frame.current);
      frame.current = '';
      last = null;
      previousRepeated = null;
    } else if ('*+?{'.includes(char)) {
      const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(pattern.slice(i)) as RegExpExecArray;
      i += quantifier[0].length;
      if (pattern[i] === '?') i += 1;
      const max = quantifierMax(quantifier);
      const repeats = max > 1;
      const endless = max === Number.POSITIVE_INFINITY;
      top().quantifiedInside = true;
      plain(null);
      if (last && repeats) {
        if (last.quantifiedInside)
          return `must not repeat a group that contains a quantifier (${last.source}); that nesting can take exponential time`;
        if (last.hasAlternation && !prefixFree(last.alternatives))
          return `must not repeat alternatives that can match the same text (${last.source}); use plain words none of which starts another`;
      }
      if (last && endless) {
        unbounded += 1;
        if (previousRepeated && overlaps(previousRepeated.source, last.source))
          return `must not put repetitions of the same characters side by side (${previousRepeated.source} then ${last.source})`;
        previousRepeated = last;
      }
      if (unbounded > MAX_UNBOUNDED)
        return `must have at most ${MAX_UNBOUNDED} unbounded repetitions (*, +, {n,})`;
      last = null;
    } else {
      i += 1;
      plain('.^$'.includes(char) ? null : char.toLowerCase());
      last = atom(char);
    }
  }
  return null;
}

const atom = (source: string): Atom => ({
  source,
  quantifiedInside: false,
  alternatives: null,
  hasAlternation: false,
});

function quantifierMax(match: RegExpExecArray): number {
  const symbol = match[0];
  if (symbol === '?') return 1;
  if (symbol === '*' || symbol === '+') return Number.POSITIVE_INFINITY;
  if (match[2] === undefined) return Number(match[1]);
  return match[3] === '' || match[3] === undefined ? Number.POSITIVE_INFINITY : Number(match[3]);
}

/** Plain, non-empty alternatives none of which starts another can be split only one way. */
function prefixFree(alternatives: string[] | null): boolean {
  if (!alternatives || alternatives.some((a) => a === '')) return false;
  return alternatives.every((a, i) => alternatives.every((b, j) => i === j || !b.startsWith(a)));
}

/** Two repeated atoms that can match the same characters: `.` overlaps everything. */
function overlaps(first: string, second: string): boolean {
  const broad = (source: string) =>
    source === '.' || /^\\[SWD]$/.test(source) || source.startsWith('[^');
  return first === second || broad(first) || broad(second);
}
