import { describe, expect, it } from 'vitest';
import { once } from './once.js';

describe('once', () => {
  it('calls its function on the first call only and returns that result every time', async () => {
    let calls = 0;
    const load = once(async () => {
      calls += 1;
      return { loaded: calls };
    });
    const first = load();
    expect(load()).toBe(first);
    expect(await load()).toEqual({ loaded: 1 });
    expect(calls).toBe(1);
  });
});
