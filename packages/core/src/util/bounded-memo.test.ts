import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo.js';

describe('BoundedMemo', () => {
  it('computes a key once and drops the oldest key beyond its bound', () => {
    const memo = new BoundedMemo<string>(2);
    const calls: string[] = [];
    const upper = (key: string) => {
      calls.push(key);
      return key.toUpperCase();
    };
    expect(memo.get('a', upper)).toBe('A');
    expect(memo.get('a', upper)).toBe('A');
    memo.get('b', upper);
    memo.get('c', upper);
    memo.get('b', upper);
    expect(calls).toEqual(['a', 'b', 'c']);
    memo.get('a', upper);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('computes again after clear', () => {
    const memo = new BoundedMemo<number>(10);
    let calls = 0;
    const count = () => ++calls;
    memo.get('k', count);
    memo.clear();
    expect(memo.get('k', count)).toBe(2);
  });
});
