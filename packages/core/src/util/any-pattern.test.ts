import { describe, expect, it } from 'vitest';
import { anyPattern } from './any-pattern.js';

describe('anyPattern', () => {
  const patterns = [
    /\bsk-[a-z0-9]{8,}/g,
    /token(?!s)/i,
    /(?<![a-z])pass\b/g,
    /^end$/m,
    /<(b|i)>.*<\/\1>/,
    /\p{Script=Greek}{3}/u,
  ];
  const any = anyPattern(patterns);

  it('matches a text exactly when one of the patterns matches it', () => {
    const texts = [
      'key sk-abcdef123 here',
      'sk-short',
      'the TOKEN is',
      'two tokens',
      'Xpass word',
      'xpass word',
      'first\nend\nlast',
      'the end',
      'say <b>hi</b>',
      'say <b>hi</i>',
      'λόγος',
      'plain words only',
    ];
    for (const text of texts) {
      const one = patterns.some((pattern) => new RegExp(pattern.source, pattern.flags).test(text));
      expect(any(text), text).toBe(one);
    }
  });

  it('keeps each pattern to its own flags', () => {
    // Under a shared `i`, [a-z] in the lookbehind would refuse the X and the test would miss it.
    expect(anyPattern([/(?<![a-z])pass/, /other/i])('Xpass')).toBe(true);
    expect(anyPattern([/Token/, /other/i])('token')).toBe(false);
  });

  it('takes patterns that name the same group', () => {
    const named = anyPattern([/(?<word>ab)c/, /(?<word>de)f/, /(?<=x)y/]);
    expect([named('abc'), named('def'), named('xy'), named('abd')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('is the same on every call, whatever a global pattern matched before', () => {
    const global = anyPattern([/abc/g]);
    expect([global('abc'), global('abc'), global('xabc')]).toEqual([true, true, true]);
  });
});
