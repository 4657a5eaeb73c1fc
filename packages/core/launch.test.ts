import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const LAUNCHER = path.resolve(import.meta.dirname, 'launch.mjs');
// Inside the package, so the entry's imports of dependencies resolve as the runtime's do.
const WORK = path.resolve(
  import.meta.dirname,
  `node_modules/.cache/launch-test-${randomBytes(4).toString('hex')}`,
);
const SOURCE = path.join(WORK, 'source');
const CACHE = path.join(WORK, 'cache');
const ENTRY = path.join(SOURCE, 'entry.ts');

async function launch(...args: string[]) {
  return run(process.execPath, [LAUNCHER, ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? '', CODE_CACHE_DIR: CACHE },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The one entry's cache folder: its builds and the manifest naming the current one. */
async function cached() {
  const [entryDir] = await readdir(CACHE);
  const folder = path.join(CACHE, entryDir ?? '');
  const manifest = JSON.parse(await readFile(path.join(folder, 'current.json'), 'utf8')) as {
    digest: string;
    inputs: string[];
  };
  const builds = (await readdir(folder)).filter((name) => name !== 'current.json');
  return { manifest, builds };
}

describe('launch.mjs', () => {
  beforeAll(async () => {
    await mkdir(SOURCE, { recursive: true });
    await writeFile(path.join(SOURCE, 'greeting.ts'), "export const greeting: string = 'hello';\n");
    await writeFile(
      ENTRY,
      [
        "import { z } from 'zod';",
        "import { greeting } from './greeting.js';",
        'class Named {}',
        'const parsed = z.object({ n: z.number() }).parse({ n: 1 });',
        'process.stdout.write(JSON.stringify({',
        '  greeting,',
        '  parsed,',
        '  dirname: import.meta.dirname,',
        '  url: import.meta.url,',
        '  argv: process.argv.slice(1),',
        '  name: Named.name,',
        '}));',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rm(WORK, { recursive: true, force: true }));

  it('runs the entry with its dependencies, its own locations and its arguments', async () => {
    const { code, stdout } = await launch('one', 'two');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      greeting: 'hello',
      parsed: { n: 1 },
      dirname: SOURCE,
      url: `file://${ENTRY}`,
      argv: [ENTRY, 'one', 'two'],
      name: 'Named',
    });
    const { manifest, builds } = await cached();
    expect(manifest.inputs.map((input) => path.basename(input)).sort()).toEqual([
      'entry.ts',
      'greeting.ts',
    ]);
    expect(builds).toEqual([manifest.digest]);
  });

  it('reuses the build while the sources are unchanged, and rebuilds when one changes', async () => {
    const before = await cached();
    expect(JSON.parse((await launch()).stdout).greeting).toBe('hello');
    expect((await cached()).manifest.digest).toBe(before.manifest.digest);

    await writeFile(
      path.join(SOURCE, 'greeting.ts'),
      "export const greeting: string = 'patched';\n",
    );
    expect(JSON.parse((await launch()).stdout).greeting).toBe('patched');
    const after = await cached();
    expect(after.manifest.digest).not.toBe(before.manifest.digest);
    // The older build stays a while for a process that may still load its lazy parts.
    expect(after.builds.sort()).toEqual([before.manifest.digest, after.manifest.digest].sort());
  });

  it('only builds with --build-only, and says whether the source compiles', async () => {
    const built = await run(process.execPath, [LAUNCHER, '--build-only', ENTRY], {
      env: { PATH: process.env.PATH ?? '', CODE_CACHE_DIR: CACHE },
    });
    expect(built.stdout).toBe(''); // the entry did not run
  });

  it('stops with the file and line of a compile error, keeping the last good build current', async () => {
    const good = (await cached()).manifest.digest;
    await writeFile(path.join(SOURCE, 'greeting.ts'), 'export const greeting: string = ;\n');
    const { code, stderr } = await launch();
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Failed to compile .*entry\.ts:\n.*greeting\.ts:1:\d+: Unexpected ";"/);
    expect((await cached()).manifest.digest).toBe(good);
    const check = await run(process.execPath, [LAUNCHER, '--build-only', ENTRY], {
      env: { PATH: process.env.PATH ?? '', CODE_CACHE_DIR: CACHE },
    }).then(
      () => 0,
      (error: { code: number }) => error.code,
    );
    expect(check).toBe(1);
  });
});
