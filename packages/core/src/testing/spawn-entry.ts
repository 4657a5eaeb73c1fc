import path from 'node:path';

/** packages/core/launch.mjs: what `npm start` runs. */
export const LAUNCHER = path.resolve(import.meta.dirname, '../../launch.mjs');

/**
 * The program and arguments that run a TypeScript entry file in a child process the way
 * `npm start` runs the runtime: compiled by the launcher once and loaded from its cache after
 * that, so a test that starts many children pays a child's start as an operator does.
 */
export function entryCommand(script: string, args: string[] = []): [string, string[]] {
  return [process.execPath, [LAUNCHER, script, ...args]];
}
