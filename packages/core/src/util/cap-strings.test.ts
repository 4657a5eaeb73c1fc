import { describe, expect, it } from 'vitest';
import { capStrings } from './cap-strings.js';

describe('capStrings', () => {
  it('cuts long strings at any depth and says how much went', () => {
    const capped = capStrings({ a: 'x'.repeat(12), b: [{ c: 'short' }, 'y'.repeat(11)], n: 5 }, 10);
    expect(capped).toEqual({
      a: `${'x'.repeat(10)}… [2 characters cut]`,
      b: [{ c: 'short' }, `${'y'.repeat(10)}… [1 character cut]`],
      n: 5,
    });
  });
});
