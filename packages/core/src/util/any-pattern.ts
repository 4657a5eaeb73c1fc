/**
 * A test that is true wherever any of `patterns` matches, in one pass per flag set instead of
 * one per pattern: most texts match none of a guard's or a redactor's rules, and telling so is
 * then a pass or two. Patterns keep their own flags (`g` and `y` aside, which only matter to
 * exec and replace), so each alternative means exactly what it meant alone; a pattern with a
 * backreference (whose group number would shift in the alternation) or a named group is tested
 * on its own.
 */
export function anyPattern(patterns: readonly RegExp[]): (text: string) => boolean {
  const byFlags = new Map<string, string[]>();
  const alone: RegExp[] = [];
  for (const pattern of patterns) {
    const flags = pattern.flags.replace(/[gy]/g, '');
    if (NUMBERED_OR_NAMED.test(pattern.source)) {
      alone.push(new RegExp(pattern.source, flags));
      continue;
    }
    const sources = byFlags.get(flags) ?? [];
    sources.push(`(?:${pattern.source})`);
    byFlags.set(flags, sources);
  }
  const tests = [
    ...[...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags)),
    ...alone,
  ];
  return (text) => tests.some((test) => test.test(text));
}

/**
 * A backreference (`\1` to `\9`, `\k<name>`, unless the backslash is itself escaped) or a named
 * group, which two patterns in one alternation could not both declare.
 */
const NUMBERED_OR_NAMED = /(?<!\\)(?:\\\\)*\\(?:[1-9]|k<)|\(\?<(?![=!])/;
