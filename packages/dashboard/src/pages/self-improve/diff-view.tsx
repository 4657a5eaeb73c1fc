import { Box, Text } from '@mantine/core';
import type { CSSProperties } from 'react';

type RowKind = 'hunk' | 'context' | 'added' | 'removed' | 'note';

interface DiffRow {
  kind: RowKind;
  oldLine: number | null;
  newLine: number | null;
  text: string;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The rows of a unified diff with the line numbers of both sides; file headers are left out. */
export function diffRows(diff: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    const header = HUNK.exec(line);
    if (header) {
      inHunk = true;
      // A side with no lines (a new file's old side) has no rows, so its start is never shown.
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      rows.push({ kind: 'hunk', oldLine: null, newLine: null, text: line });
      continue;
    }
    if (!inHunk) continue;
    if (line.startsWith('+')) {
      rows.push({ kind: 'added', oldLine: null, newLine, text: line.slice(1) });
      newLine += 1;
    } else if (line.startsWith('-')) {
      rows.push({ kind: 'removed', oldLine, newLine: null, text: line.slice(1) });
      oldLine += 1;
    } else if (line.startsWith('\\')) {
      rows.push({ kind: 'note', oldLine: null, newLine: null, text: line.slice(2) });
    } else {
      rows.push({ kind: 'context', oldLine, newLine, text: line.slice(1) });
      oldLine += 1;
      newLine += 1;
    }
  }
  return rows;
}

const ROW_STYLES: Record<RowKind, CSSProperties> = {
  hunk: { background: 'var(--mantine-color-indigo-0)', color: 'var(--mantine-color-indigo-8)' },
  context: {},
  added: { background: 'var(--mantine-color-green-0)', color: 'var(--mantine-color-green-9)' },
  removed: { background: 'var(--mantine-color-red-0)', color: 'var(--mantine-color-red-9)' },
  note: { color: 'var(--mantine-color-dimmed)', fontStyle: 'italic' },
};
const MARKERS: Record<RowKind, string> = {
  hunk: '',
  context: ' ',
  added: '+',
  removed: '-',
  note: '',
};

const numberCell: CSSProperties = {
  width: '3.5em',
  padding: '0 8px',
  textAlign: 'right',
  userSelect: 'none',
  color: 'var(--mantine-color-gray-6)',
  borderRight: '1px solid var(--mantine-color-gray-3)',
  verticalAlign: 'top',
};

/** A unified diff as a table: old and new line numbers, added lines green, removed lines red. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const rows = diffRows(diff);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The diff is empty.
      </Text>
    );
  }
  return (
    <Box
      style={{
        maxHeight: 420,
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <table
        aria-label={label}
        style={{
          borderCollapse: 'collapse',
          width: '100%',
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 'var(--mantine-font-size-xs)',
          lineHeight: 1.6,
        }}
      >
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's rows never move
            <tr key={index} data-diff-row={row.kind} style={ROW_STYLES[row.kind]}>
              <td style={numberCell}>{row.oldLine ?? ''}</td>
              <td style={numberCell}>{row.newLine ?? ''}</td>
              <td style={{ padding: '0 8px', whiteSpace: 'pre', width: '100%' }}>
                {MARKERS[row.kind]}
                {row.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
