import { describe, expect, it } from 'vitest';
import { hasSpacedLetters, LEET_MARK, partsWith, SPACED_MARK } from './normalise.js';

describe('partsWith', () => {
  it('keeps the lines that carry the mark, whole when they are short', () => {
    const text = 'first line\nsecond has 1gn0re in it\nthird line';
    expect(partsWith(text, LEET_MARK)).toBe('second has 1gn0re in it');
  });

  it('reads a long paragraph only around its marks, and marks the cuts', () => {
    const filler = 'plain words here. '.repeat(60);
    const parts = partsWith(`${filler}the 3rd point${filler}`, LEET_MARK);
    expect(parts.length).toBeLessThan(1000);
    expect(parts).toContain('the 3rd point');
    expect(parts.startsWith('… ')).toBe(true);
    expect(parts.endsWith(' …')).toBe(true);
  });

  it('joins marks close together into one part, and is empty without one', () => {
    const parts = partsWith('a 1gn0r3 b pr3v10us c', LEET_MARK);
    expect(parts).toBe('a 1gn0r3 b pr3v10us c');
    expect(partsWith('nothing here', LEET_MARK)).toBe('');
  });
});

describe('hasSpacedLetters', () => {
  it.each(['i g n o r e all', 'I.G.N.O.R.E', 'say a-c-c-e-s-s now', 'я з а б у д ь'])(
    'finds letters spaced apart in %j',
    (text) => {
      expect(hasSpacedLetters(text)).toBe(true);
      expect(partsWith(text, SPACED_MARK)).not.toBe('');
    },
  );

  it.each(['a b c', 'e.g. a list', 'x - y - z', 'ordinary words, spaced as usual'])(
    'leaves %j alone',
    (text) => {
      expect(hasSpacedLetters(text)).toBe(false);
    },
  );
});
