import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_APP_SRC_DIR } from '../../config/governance.config.js';

/** Files that mark the top of the repository (or of the installed app, /app in the image). */
const REPOSITORY_MARKERS = ['.git', 'package-lock.json'];

/**
 * The folders sandboxed programs must not reach: the source tree self-improve patches
 * (APP_SRC_DIR), the runtime's own source, and the repository around it, which also holds
 * what a developer keeps next to the code (.env files, node_modules, a default ./data).
 */
export function sourceFolders(appSrcDir: string | undefined): string[] {
  const own = path.resolve(DEFAULT_APP_SRC_DIR);
  const folders = [path.resolve(appSrcDir ?? own), own];
  const repository = repositoryRoot(own);
  if (repository) folders.push(repository);
  return folders.filter((folder) => existsSync(folder));
}

/** The nearest folder above `start` with a repository marker, or null. */
export function repositoryRoot(start: string): string | null {
  let current = path.resolve(start);
  for (;;) {
    if (REPOSITORY_MARKERS.some((marker) => existsSync(path.join(current, marker)))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
