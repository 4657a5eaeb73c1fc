import { defineConfig } from 'vitest/config';

// The stack's end-to-end suite, run by deploy/test/stack-e2e.sh against the stack it started
// (never by `vitest run` at the root: these files are named *.stack.ts). One stack for all files,
// so they run one after the other, in name order.
export default defineConfig({
  test: {
    name: 'stack',
    root: import.meta.dirname,
    include: ['*.stack.ts'],
    fileParallelism: false,
    sequence: { shuffle: false },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
