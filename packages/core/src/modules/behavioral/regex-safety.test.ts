import { describe, expect, it } from 'vitest';
import { MATCH_INPUT_CAP, RegexMatcher } from './regex-matcher.js';
import { patternProblem } from './regex-safety.js';

describe('regex trigger safety', () => {
  it.each([
    '\\bdeploy\\w*\\s+to\\s+prod',
    '(?:foo|bar)+x',
    '^(?:yes|no)$',
    '\\d+\\.\\d+',
    '(?:https?://)?example\\.com',
    '\\p{L}+\\s+\\p{N}+',
    'a{2,5}b{3,}',
    '(?<year>\\d{4})-\\d{2}',
  ])('accepts %s', (pattern) => {
    expect(patternProblem(pattern)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['x'.repeat(201), /at most 200/],
    ['(', /not a valid/],
    ['a{', /not a valid/],
    ['(a+)+b', /contains a quantifier/],
    ['(x?){20}', /contains a quantifier/],
    ['(\\w+\\s?)*$', /contains a quantifier/],
    ['(a|aa)+', /alternatives/],
    ['(ab|a)*c', /alternatives/],
    ['(\\w|\\d)+', /alternatives/],
    ['\\s*\\s*x', /side by side/],
    ['.*.*=', /side by side/],
    ['a+a*b', /side by side/],
    ['\\w+[^,]*,', /side by side/],
    ['(a)\\1', /backreference/],
    ['(?<n>a)\\k<n>', /backreference/],
    ['a+b+c+d+e+f', /at most 4/],
  ])('refuses %s', (pattern, reason) => {
    expect(patternProblem(pattern)).toMatch(reason);
  });
});

describe('regex matcher', () => {
  it('matches case-insensitively on the capped input, and stops a runaway pattern', async () => {
    const matcher = new RegexMatcher(100);
    try {
      expect(await matcher.match(['deploy', '^nothing$'], 'DEPLOY now')).toEqual([true, false]);
      const tail = `${'x'.repeat(MATCH_INPUT_CAP)}needle`;
      expect(await matcher.match(['needle'], tail)).toEqual([false]);
      const started = Date.now();
      expect(await matcher.match(['.*q.*q.*z'], 'q'.repeat(5000))).toBeNull();
      expect(Date.now() - started).toBeLessThan(2_000);
      // A fresh worker answers the next call.
      expect(await matcher.match(['now$'], 'deploy now')).toEqual([true]);
      expect(await matcher.match([], 'anything')).toEqual([]);
    } finally {
      await matcher.close();
    }
  });
});
