import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const STAGING_PREFIX = '.staging-';
/** The folder, inside the served one, a build of this process is written to before publishing. */
export const stagingName = (pid = process.pid) => `${STAGING_PREFIX}${pid}`;

/** Assets of this many builds (the new one and those before it) stay for tabs still open. */
export const KEEP_BUILDS = 3;
/** The asset names of the last builds, newest first, beside the build they describe. */
const RECORD = '.builds.json';

const listAssets = (dir: string) =>
  readdir(path.join(dir, 'assets')).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });

/**
 * The steps that move a finished build from its staging folder to the folder the runtime serves,
 * in an order that never lets a reader see half a build: the hashed assets first (beside the old
 * ones, so a tab still open on an older build loads its lazy chunks), then index.html by a rename
 * (atomic: the old page or the new one), then the assets of builds older than KEEP_BUILDS go, and
 * the staging folder with them. Exported one by one so a test can read between them.
 */
export function publishSteps(staging: string, target: string): Array<() => Promise<void>> {
  let published: string[] = [];
  let servedBefore: string[] = [];
  return [
    async function placeAssets() {
      servedBefore = await listAssets(target);
      published = await listAssets(staging);
      await mkdir(path.join(target, 'assets'), { recursive: true });
      // Same name, same content (the name is its hash): replacing one changes nothing served.
      for (const name of published)
        await rename(path.join(staging, 'assets', name), path.join(target, 'assets', name));
    },
    async function swapIndex() {
      await rename(path.join(staging, 'index.html'), path.join(target, 'index.html'));
    },
    async function pruneOldBuilds() {
      const record = path.join(target, RECORD);
      // Without a record (a build from before it was kept), what was served counts as one build.
      const earlier = await readFile(record, 'utf8')
        .then(parseRecord)
        .catch(() => [servedBefore]);
      const kept = [published, ...earlier].slice(0, KEEP_BUILDS);
      const staged = `${record}.${process.pid}`;
      await writeFile(staged, JSON.stringify(kept));
      await rename(staged, record);
      const wanted = new Set(kept.flat());
      for (const name of await listAssets(target))
        if (!wanted.has(name)) await unlink(path.join(target, 'assets', name));
      await rm(staging, { recursive: true, force: true });
    },
  ];
}

function parseRecord(text: string): string[][] {
  const builds: unknown = JSON.parse(text);
  const valid =
    Array.isArray(builds) &&
    builds.every((names) => Array.isArray(names) && names.every((n) => typeof n === 'string'));
  if (!valid) throw new Error(`${RECORD} is not a list of builds`);
  return builds;
}

export async function publishBuild(staging: string, target: string): Promise<void> {
  for (const step of publishSteps(staging, target)) await step();
}

/** Removes the staging folders of builds whose process is gone (killed mid-build). */
export async function removeAbandonedStaging(target: string): Promise<void> {
  const entries = await readdir(target).catch(() => []);
  for (const name of entries) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const pid = Number(name.slice(STAGING_PREFIX.length));
    if (Number.isInteger(pid) && processAlive(pid)) continue;
    await rm(path.join(target, name), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
