import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts', 'launch.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time even on two cores: most of a store or child-process suite's time is
    // spent waiting (on PostgreSQL, Redis, a child runtime, a timer), not computing. The other
    // projects (browser suites among them) run after this one, one file at a time.
    maxWorkers: 2,
    sequence: { groupOrder: 0 },
  },
});
