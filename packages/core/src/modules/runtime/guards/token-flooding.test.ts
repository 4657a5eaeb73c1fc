import { describe, expect, it } from 'vitest';
import { hasTokenFlood } from './token-flooding.js';

describe('hasTokenFlood', () => {
  it.each([
    ['one token', 'ö '.repeat(40)],
    ['a cycle of two', ') ] '.repeat(70)],
    ['a cycle of three', ') ] } '.repeat(100)],
    ['other spacing', 'k\u00a0'.repeat(40)],
  ])('finds %s repeated', (_, text) => {
    expect(hasTokenFlood(`Hello. ${text} and then the request`)).toBe(true);
  });

  it('leaves short words that do not repeat alone', () => {
    const words = 'a to of in it is on by we an or as at be do go he if me my no so up us'.split(
      ' ',
    );
    expect(hasTokenFlood(words.concat(words).join(' '))).toBe(false);
    expect(hasTokenFlood('ö '.repeat(25))).toBe(false);
  });
});
