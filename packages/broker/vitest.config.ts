import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'broker',
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // The first file starts a container engine and builds its test image.
    hookTimeout: 120_000,
  },
});
