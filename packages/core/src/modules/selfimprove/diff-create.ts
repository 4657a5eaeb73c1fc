import { type Hunk, splitLines } from './unified-diff.js';

/** Making unified diffs: a Myers edit script grouped into hunks, written as diff -u writes them. */

const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file';
/** Beyond this many edits the minimal script is not worth its O(D²) memory: replace the middle. */
const MAX_EDIT_DISTANCE = 2_000;

/** One line of an edit script: kept (' '), removed ('-') or added ('+'). */
export type Edit = { kind: ' ' | '-' | '+'; text: string };

/** The shortest edit script (Myers), on the part between the common prefix and suffix. */
export function editScript(before: string[], after: string[]): Edit[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start])
    start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  const middle = myers(a, b) ?? [
    ...a.map((text): Edit => ({ kind: '-', text })),
    ...b.map((text): Edit => ({ kind: '+', text })),
  ];
  const same = (text: string): Edit => ({ kind: ' ', text });
  return [...before.slice(0, start).map(same), ...middle, ...before.slice(endBefore).map(same)];
}

function myers(a: string[], b: string[]): Edit[] | null {
  const n = a.length;
  const m = b.length;
  if (n + m === 0) return [];
  const limit = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  // Round d only reads diagonals -d-1..d+1: keeping just those keeps the trace O(D²), not O(D·N).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], depth: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d -= 1) {
    const saved = trace[d] as Int32Array;
    const at = (k: number) => saved[k + d + 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x -= 1;
      y -= 1;
      edits.push({ kind: ' ', text: a[x] as string });
    }
    if (down) {
      y -= 1;
      edits.push({ kind: '+', text: b[y] as string });
    } else {
      x -= 1;
      edits.push({ kind: '-', text: a[x] as string });
    }
  }
  while (x > 0 && y > 0) {
    x -= 1;
    y -= 1;
    edits.push({ kind: ' ', text: a[x] as string });
  }
  return edits.reverse();
}

/** Groups an edit script into hunks with up to three lines of context around each change. */
function toHunks(edits: Edit[]): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | null = null;
  let trailing = 0; // unchanged lines at the end of the current hunk
  let oldLine = 0;
  let newLine = 0;
  edits.forEach((edit, index) => {
    if (edit.kind === ' ') {
      if (current && trailing < CONTEXT * 2) {
        current.lines.push(edit);
        trailing += 1;
      } else if (current) {
        current = null;
      }
    } else {
      if (!current) {
        const lead = edits.slice(Math.max(0, index - CONTEXT), index);
        current = {
          oldStart: oldLine - lead.length + 1,
          oldLines: 0,
          newStart: newLine - lead.length + 1,
          newLines: 0,
          lines: [...lead],
        };
        hunks.push(current);
      }
      current.lines.push(edit);
      trailing = 0;
    }
    if (edit.kind !== '+') oldLine += 1;
    if (edit.kind !== '-') newLine += 1;
  });
  for (const hunk of hunks) {
    // Context beyond three lines after the last change belongs to no hunk.
    let extra = 0;
    for (let i = hunk.lines.length - 1; i >= 0 && hunk.lines[i]?.kind === ' '; i -= 1) extra += 1;
    if (extra > CONTEXT) hunk.lines.splice(hunk.lines.length - (extra - CONTEXT));
    hunk.oldLines = hunk.lines.filter((line) => line.kind !== '+').length;
    hunk.newLines = hunk.lines.filter((line) => line.kind !== '-').length;
    // An empty side starts at the line before it (0 for the top of the file), as diff(1) writes it.
    if (hunk.oldLines === 0) hunk.oldStart -= 1;
    if (hunk.newLines === 0) hunk.newStart -= 1;
  }
  return hunks;
}

const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);

/**
 * The unified diff from `before` to `after` for `path` (relative, forward slashes); `before`
 * null means a new file. Empty when nothing changes.
 */
export function createUnifiedDiff(path: string, before: string | null, after: string): string {
  const hunks = toHunks(editScript(splitLines(before ?? ''), splitLines(after)));
  if (hunks.length === 0) return '';
  const out = [before === null ? '--- /dev/null' : `--- a/${path}`, `+++ b/${path}`];
  for (const hunk of hunks) {
    out.push(
      `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`,
    );
    for (const line of hunk.lines) {
      if (line.text.endsWith('\n')) out.push(`${line.kind}${line.text.slice(0, -1)}`);
      else out.push(`${line.kind}${line.text}`, NO_NEWLINE);
    }
  }
  return `${out.join('\n')}\n`;
}
