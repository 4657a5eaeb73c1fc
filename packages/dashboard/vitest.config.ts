import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'dashboard',
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    include: ['e2e/**/*.e2e.test.ts', 'build/**/*.test.ts'],
    // Each file boots the whole runtime (an embedded database's first start takes seconds) and a
    // real Chromium, so the defaults are far too short.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
