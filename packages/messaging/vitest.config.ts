import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'messaging',
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // Each file boots agent-core (an embedded database's first start takes seconds).
    hookTimeout: 120_000,
  },
});
