import { describe, expect, it } from 'vitest';
import { costUsd, priceOf } from './pricing.js';

describe('model pricing', () => {
  it('prices known models per million tokens, input and output apart', () => {
    expect(costUsd('gpt-4o-mini', { input: 1_000_000, output: 0 })).toBeCloseTo(0.15, 10);
    expect(costUsd('gpt-4o-mini', { input: 0, output: 1_000_000 })).toBeCloseTo(0.6, 10);
    expect(costUsd('gpt-4o', { input: 1000, output: 500 })).toBeCloseTo(0.0025 + 0.005, 10);
    expect(costUsd('claude-sonnet-4-5', { input: 2000, output: 1000 })).toBeCloseTo(0.021, 10);
    expect(costUsd('claude-haiku-4-5', { input: 0, output: 0 })).toBe(0);
  });

  it('maps dated snapshots and -latest to their family, without mixing families', () => {
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(priceOf('gpt-4o'));
    expect(priceOf('claude-sonnet-4-5-20250929')).toEqual(priceOf('claude-sonnet-4-5'));
    expect(priceOf('claude-3-5-haiku-latest')).toEqual({ input: 0.8, output: 4 });
    expect(priceOf('gpt-4o-mini-2024-07-18')).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf('gpt-4o-mini')).not.toEqual(priceOf('gpt-4o'));
  });

  it('answers null, not zero, for models it does not know', () => {
    expect(costUsd('llama3.1:8b', { input: 1000, output: 1000 })).toBeNull();
    expect(costUsd('gpt-4o-turbo-preview-x', { input: 1, output: 1 })).toBeNull();
    expect(costUsd('', { input: 1, output: 1 })).toBeNull();
  });
});
