import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files in name order, numbers by value (2 before 10): the drills change the stack (restore,
 * rotation, faults, upgrade) one at a time.
 */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId, 'en', { numeric: true }));
  }
}

// The stack's end-to-end suite, run by deploy/test/stack-e2e.sh against the stack it started
// (never by `vitest run` at the root: these files are named *.stack.ts). One stack for all files,
// so they run one after the other.
export default defineConfig({
  test: {
    name: 'stack',
    root: import.meta.dirname,
    // STACK_SUITE=podman: the short suite for the same images on podman.
    include: process.env.STACK_SUITE === 'podman' ? ['podman/*.ts'] : ['*.stack.ts'],
    fileParallelism: false,
    sequence: { sequencer: ByName },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
