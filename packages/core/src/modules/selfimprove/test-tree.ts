import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The files of a small stand-in source tree, so tests never touch the real source. */
export const TREE_FILES: Record<string, string> = {
  'app.py': 'def greet(name):\n    return f"hello {name}"\n',
  'util/strings.ts': 'export const shout = (text: string) => text.toUpperCase();\n',
  'config/settings.json': '{\n  "debug": false\n}\n',
  'modules/sandbox/sandbox.ts': "export const SANDBOX_MODE = 'bubblewrap';\n",
  'notes.txt': 'plain text\n',
};

export interface TestTree {
  /** The tree (what APP_SRC_DIR points at). */
  dir: string;
  /** A folder next to the tree, holding `secret.txt`, that no path may reach. */
  outside: string;
  file(relative: string): string;
  /** Puts every file back as it was (a rebuild of the image). */
  restore(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A temporary copy of a source tree with links that lead out of it: `escape` (a folder link)
 * and `leak.txt` (a file link) both point at `../outside`, and `inner.ts` links inside.
 */
export async function createTestTree(): Promise<TestTree> {
  const base = await mkdtemp(path.join(tmpdir(), 'selfimprove-'));
  const dir = path.join(base, 'src');
  const outside = path.join(base, 'outside');
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'secret.txt'), 'top secret\n');
  const restore = async () => {
    for (const [relative, content] of Object.entries(TREE_FILES)) {
      await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
      await writeFile(path.join(dir, relative), content);
    }
  };
  await restore();
  await symlink(outside, path.join(dir, 'escape'));
  await symlink(path.join(outside, 'secret.txt'), path.join(dir, 'leak.txt'));
  await symlink(path.join(dir, 'util/strings.ts'), path.join(dir, 'inner.ts'));
  return {
    dir,
    outside,
    file: (relative) => path.join(dir, relative),
    restore,
    remove: () => rm(base, { recursive: true, force: true }),
  };
}
