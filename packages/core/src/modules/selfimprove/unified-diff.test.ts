import { describe, expect, it } from 'vitest';
import { createUnifiedDiff } from './diff-create.js';
import { applyDiff, DiffError, diffStats, parseUnifiedDiff, reverseDiff } from './unified-diff.js';

/** A small deterministic generator, so a failing case can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (limit: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % limit;
  };
}

describe('unified diffs', () => {
  it('writes the form diff -u and git write, with the no-newline marker', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n';
    const after = 'a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk';
    expect(createUnifiedDiff('pkg/file.py', before, after)).toBe(
      [
        '--- a/pkg/file.py',
        '+++ b/pkg/file.py',
        '@@ -1,6 +1,6 @@',
        ' a',
        ' b',
        '-c',
        '+C',
        ' d',
        ' e',
        ' f',
        '@@ -8,4 +8,4 @@',
        ' h',
        ' i',
        ' j',
        '-k',
        '+k',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
  });

  it('writes a new file as a diff from /dev/null, and nothing for no change', () => {
    expect(createUnifiedDiff('new.ts', null, 'x\ny\n')).toBe(
      '--- /dev/null\n+++ b/new.ts\n@@ -0,0 +1,2 @@\n+x\n+y\n',
    );
    expect(createUnifiedDiff('same.ts', 'x\n', 'x\n')).toBe('');
  });

  it('gives back the new text exactly, forwards and backwards, for random edits', () => {
    const next = generator(42);
    const text = () => {
      const lines = Array.from({ length: next(25) }, () => ['a', 'b', 'c', '', ' d'][next(5)]);
      return lines.join('\n') + (next(2) && lines.length > 0 ? '\n' : '');
    };
    for (let round = 0; round < 2_000; round += 1) {
      const before = text();
      const after = text();
      const diff = createUnifiedDiff('f.txt', before, after);
      if (before === after) {
        expect(diff).toBe('');
        continue;
      }
      const parsed = parseUnifiedDiff(diff);
      expect(applyDiff(before, parsed)).toBe(after);
      expect(applyDiff(after, reverseDiff(parsed))).toBe(before);
    }
  });

  it('applies a hunk that moved, as patch(1) does, and refuses one whose context is gone', () => {
    const diff = parseUnifiedDiff(createUnifiedDiff('f', 'one\ntwo\nthree\n', 'one\n2\nthree\n'));
    expect(applyDiff('zero\nzero\none\ntwo\nthree\n', diff)).toBe('zero\nzero\none\n2\nthree\n');
    expect(applyDiff('one\nTWO\nthree\n', diff)).toBeNull();
  });

  it('reads diffs from git with their extra headers and counts lines', () => {
    const text = [
      'diff --git a/x.ts b/x.ts',
      'index 83db48f..bf269f4 100644',
      '--- a/x.ts',
      '+++ b/x.ts',
      '@@ -1 +1,2 @@',
      '-old',
      '+new',
      '+more',
      '',
    ].join('\n');
    const parsed = parseUnifiedDiff(text);
    expect(parsed).toMatchObject({ oldPath: 'x.ts', newPath: 'x.ts' });
    expect(applyDiff('old\n', parsed)).toBe('new\nmore\n');
    expect(diffStats(text)).toEqual({ added: 2, removed: 1 });
  });

  it('refuses malformed diffs and diffs of several files', () => {
    expect(() => parseUnifiedDiff('just text\n')).toThrow(DiffError);
    expect(() => parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n')).toThrow(
      /shorter than its header/,
    );
    const two = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-a\n+b\n';
    expect(() => parseUnifiedDiff(two)).toThrow(/more than one file/);
  });
});
