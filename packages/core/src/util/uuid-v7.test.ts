import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid-v7.js';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('writes version 7, the RFC variant and the current millisecond', () => {
    const before = Date.now();
    const id = uuidv7();
    const after = Date.now();
    expect(id).toMatch(FORMAT);
    const ms = Number.parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after + 1);
  });

  it('sorts ids in the order they were made, many to a millisecond, all distinct', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(FORMAT);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps its order when the clock goes back', () => {
    const first = uuidv7();
    const realNow = Date.now;
    Date.now = () => realNow() - 60_000;
    try {
      const second = uuidv7();
      expect(second > first).toBe(true);
    } finally {
      Date.now = realNow;
    }
  });
});
