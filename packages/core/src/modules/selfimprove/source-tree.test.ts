import { execFileSync } from 'node:child_process';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathRefusedError, SourceTree } from './source-tree.js';
import { createTestTree, type TestTree } from './test-tree.js';

describe('source tree paths', () => {
  let tree: TestTree;
  let source: SourceTree;
  beforeAll(async () => {
    tree = await createTestTree();
    source = new SourceTree(tree.dir);
  });
  afterAll(() => tree.remove());

  const refused = (input: string, kind: 'file' | 'directory' = 'file') =>
    expect(source.resolve(input, kind, { allowMissing: true })).rejects.toBeInstanceOf(
      PathRefusedError,
    );

  it('refuses paths that leave the tree: .., absolute, links out, dangling links', async () => {
    await refused('../outside/secret.txt');
    await refused('util/../../outside/secret.txt');
    await refused('util/../app.py');
    await refused(path.join(tree.outside, 'secret.txt'));
    await refused('/etc/passwd');
    await refused('leak.txt');
    await refused('escape/secret.txt');
    await refused('escape/new-file.txt');
    await refused('escape', 'directory');
    await writeFile(tree.file('.keep'), '');
    execFileSync('ln', ['-s', tree.file('missing-target'), tree.file('dangling.ts')]);
    await refused('dangling.ts');
    await refused('bad\u0000name.ts');
    await refused('back\\slash.ts');
  });

  it('refuses what is not a regular file or folder', async () => {
    await refused('util');
    await refused('app.py', 'directory');
    await refused('app.py/inside.ts');
    execFileSync('mkfifo', [tree.file('pipe.ts')]);
    await refused('pipe.ts');
    await refused('');
  });

  it('resolves links that stay inside to the real file, and allows new files', async () => {
    const inner = await source.resolve('inner.ts', 'file');
    expect(inner).toMatchObject({ relative: 'util/strings.ts', exists: true });
    const fresh = await source.resolve('./util/new/deeper.ts', 'file', { allowMissing: true });
    expect(fresh).toMatchObject({ relative: 'util/new/deeper.ts', exists: false });
    await expect(source.resolve('util/none.ts', 'file')).rejects.toMatchObject({ status: 404 });
  });

  it('lists a folder without the links that lead out of the tree', async () => {
    const listing = await source.list('');
    const names = listing.entries.map((entry) => `${entry.type}:${entry.name}`);
    expect(names).toContain('directory:util');
    expect(names).toContain('file:app.py');
    expect(names).toContain('file:inner.ts');
    expect(names).not.toContain('file:leak.txt');
    expect(names).not.toContain('directory:escape');
    expect(names.findIndex((name) => name.startsWith('file:'))).toBeGreaterThan(
      names.findIndex((name) => name.startsWith('directory:')),
    );
  });

  it('writes atomically: the new text, the old permissions, no temporary file left', async () => {
    await chmod(tree.file('app.py'), 0o640);
    const target = await source.resolve('app.py', 'file');
    await source.writeAtomic(target, 'print("new")\n');
    expect(await readFile(tree.file('app.py'), 'utf8')).toBe('print("new")\n');
    expect((await stat(tree.file('app.py'))).mode & 0o777).toBe(0o640);
    expect((await readdir(tree.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const created = await source.resolve('util/made/here.ts', 'file', { allowMissing: true });
    await source.writeAtomic(created, 'export {};\n');
    expect(await readFile(tree.file('util/made/here.ts'), 'utf8')).toBe('export {};\n');
  });
});
