import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'deploy',
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
