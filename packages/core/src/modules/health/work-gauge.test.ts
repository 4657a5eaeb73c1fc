import { describe, expect, it } from 'vitest';
import { WorkGauge } from './work-gauge.js';

describe('WorkGauge', () => {
  it('counts each lease until it is released, once however often that is asked', () => {
    const gauge = new WorkGauge();
    const first = gauge.acquire();
    const second = gauge.acquire();
    expect(gauge.count).toBe(2);
    first.release();
    first.release();
    expect(gauge.count).toBe(1);
    second.release();
    expect(gauge.count).toBe(0);
  });
});
