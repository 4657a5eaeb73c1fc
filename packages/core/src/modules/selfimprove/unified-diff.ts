/**
 * Line-based unified diffs: read one and apply it to a text (diff-create.ts makes them). Lines
 * keep their terminator, so "no newline at end of file" is a real difference, and a diff made
 * there applied here to its old text gives back the new text byte for byte.
 */

export interface HunkLine {
  kind: ' ' | '-' | '+';
  /** The line's text with its terminator ("\n"), or without one at the end of a file. */
  text: string;
}

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: HunkLine[];
}

export interface ParsedDiff {
  oldPath: string | null;
  newPath: string | null;
  hunks: Hunk[];
}

export class DiffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiffError';
  }
}

/** "a\nb" -> ["a\n", "b"]; "" -> []. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

function headerPath(line: string): string | null {
  const raw = line.slice(4).split('\t')[0]?.trim() ?? '';
  if (raw === '/dev/null') return null;
  return raw.replace(/^[ab]\//, '');
}

/** Reads a unified diff of one file (git's extra header lines are allowed and ignored). */
export function parseUnifiedDiff(text: string): ParsedDiff {
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  const parsed: ParsedDiff = { oldPath: null, newPath: null, hunks: [] };
  let headers = 0;
  let hunk: Hunk | null = null;
  let seenOld = 0;
  let seenNew = 0;
  rows.forEach((row, index) => {
    const lineNumber = index + 1;
    const complete = hunk !== null && seenOld === hunk.oldLines && seenNew === hunk.newLines;
    if (row.startsWith('--- ') && (hunk === null || complete)) {
      headers += 1;
      if (headers > 1) throw new DiffError('The diff changes more than one file.');
      parsed.oldPath = headerPath(row);
      hunk = null;
      return;
    }
    if (row.startsWith('+++ ') && (hunk === null || complete)) {
      parsed.newPath = headerPath(row);
      return;
    }
    const header = HUNK_HEADER.exec(row);
    if (header && (hunk === null || complete)) {
      hunk = {
        oldStart: Number(header[1]),
        oldLines: header[2] === undefined ? 1 : Number(header[2]),
        newStart: Number(header[3]),
        newLines: header[4] === undefined ? 1 : Number(header[4]),
        lines: [],
      };
      parsed.hunks.push(hunk);
      seenOld = 0;
      seenNew = 0;
      return;
    }
    if (hunk === null || (complete && !row.startsWith('\\'))) {
      if (parsed.hunks.length === 0) return; // preamble: "diff --git", "index", mode lines
      throw new DiffError(`Unexpected line ${lineNumber} after the end of a hunk.`);
    }
    if (row.startsWith('\\')) {
      const last = hunk.lines.at(-1);
      if (!last?.text.endsWith('\n'))
        throw new DiffError(`Misplaced "no newline" marker on line ${lineNumber}.`);
      last.text = last.text.slice(0, -1);
      return;
    }
    // Some tools drop the single space of an empty context line.
    const kind = row === '' ? ' ' : (row[0] as string);
    if (kind !== ' ' && kind !== '-' && kind !== '+')
      throw new DiffError(`Line ${lineNumber} of the diff is not part of a hunk: ${row}`);
    hunk.lines.push({ kind, text: `${row.slice(1)}\n` });
    if (kind !== '+') seenOld += 1;
    if (kind !== '-') seenNew += 1;
    if (seenOld > hunk.oldLines || seenNew > hunk.newLines)
      throw new DiffError(`The hunk ending on line ${lineNumber} is longer than its header says.`);
  });
  for (const each of parsed.hunks) {
    const olds = each.lines.filter((line) => line.kind !== '+').length;
    const news = each.lines.filter((line) => line.kind !== '-').length;
    if (olds !== each.oldLines || news !== each.newLines)
      throw new DiffError('A hunk is shorter than its header says.');
  }
  if (parsed.hunks.length === 0) throw new DiffError('The diff has no hunks.');
  return parsed;
}

/** The same diff backwards: applied to the new text it gives the old one. */
export function reverseDiff(diff: ParsedDiff): ParsedDiff {
  return {
    oldPath: diff.newPath,
    newPath: diff.oldPath,
    hunks: diff.hunks.map((hunk) => ({
      oldStart: hunk.newStart,
      oldLines: hunk.newLines,
      newStart: hunk.oldStart,
      newLines: hunk.oldLines,
      lines: hunk.lines.map((line) => ({
        kind: line.kind === '+' ? '-' : line.kind === '-' ? '+' : ' ',
        text: line.text,
      })),
    })),
  };
}

function matchesAt(lines: string[], expected: string[], at: number): boolean {
  if (at < 0 || at + expected.length > lines.length) return false;
  return expected.every((line, i) => lines[at + i] === line);
}

/**
 * Applies the hunks to `text` (null: the file does not exist). Context must match exactly; a
 * hunk may sit at another line than its header says, as patch(1) allows, but never before the
 * previous hunk. Null when a hunk does not fit.
 */
export function applyDiff(text: string | null, diff: ParsedDiff): string | null {
  const lines = splitLines(text ?? '');
  const out: string[] = [];
  let cursor = 0;
  let drift = 0;
  for (const hunk of diff.hunks) {
    const expected = hunk.lines.filter((line) => line.kind !== '+').map((line) => line.text);
    const replacement = hunk.lines.filter((line) => line.kind !== '-').map((line) => line.text);
    const wanted = (hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1) + drift;
    let found = -1;
    for (let distance = 0; distance <= lines.length; distance += 1) {
      if (wanted - distance >= cursor && matchesAt(lines, expected, wanted - distance)) {
        found = wanted - distance;
        break;
      }
      if (
        distance > 0 &&
        wanted + distance >= cursor &&
        matchesAt(lines, expected, wanted + distance)
      ) {
        found = wanted + distance;
        break;
      }
      if (wanted - distance < cursor && wanted + distance > lines.length) break;
    }
    if (found < 0) return null;
    out.push(...lines.slice(cursor, found), ...replacement);
    cursor = found + expected.length;
    drift = found - (wanted - drift);
  }
  out.push(...lines.slice(cursor));
  return out.join('');
}

/** Lines added and removed, for summaries. */
export function diffStats(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of addedAndRemoved(diff)) {
    if (line.kind === '+') added += 1;
    else removed += 1;
  }
  return { added, removed };
}

/** The + and - lines of a unified diff's hunks, without their marker (headers excluded). */
export function addedAndRemoved(diff: string): { kind: '+' | '-'; text: string }[] {
  const out: { kind: '+' | '-'; text: string }[] = [];
  let inHunk = false;
  for (const row of diff.split('\n')) {
    if (row.startsWith('@@')) inHunk = true;
    else if (!inHunk) continue;
    else if (row.startsWith('+')) out.push({ kind: '+', text: row.slice(1) });
    else if (row.startsWith('-')) out.push({ kind: '-', text: row.slice(1) });
  }
  return out;
}
