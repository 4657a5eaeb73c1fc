import { Text } from '@mantine/core';
import type { AuditEntry } from '../../api/audit';
import { AuditAction } from '../../components/audit-action';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { AuditEntryDetail } from './audit-entry-detail';

interface AuditTableProps {
  entries: AuditEntry[];
  /** Show placeholder rows (first load). */
  loading: boolean;
}

const NONE = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** Inline, since a truncated column's cell is already a line of text (DataTable's). */
const optional = (value: string | null, mono = false) =>
  value === null || value === '' ? (
    NONE
  ) : (
    <Text span size="sm" ff={mono ? 'monospace' : undefined}>
      {value}
    </Text>
  );

const COLUMNS: Column<AuditEntry>[] = [
  {
    key: 'time',
    header: 'Time',
    width: 150,
    cell: (entry) => <RelativeTime value={entry.ts} stacked />,
  },
  // Wide enough for the longest action names (behavioral.rule_create) to stay whole.
  {
    key: 'action',
    header: 'Action',
    width: 240,
    cell: (entry) => <AuditAction entry={entry} />,
  },
  {
    key: 'actor',
    header: 'Actor',
    width: 120,
    cell: (entry) => optional(entry.actor),
    truncate: (entry) => entry.actor ?? '',
  },
  {
    key: 'target',
    header: 'Target',
    priority: 2,
    cell: (entry) => optional(entry.target),
    truncate: (entry) => entry.target ?? '',
  },
  {
    key: 'exit',
    header: 'Exit code',
    width: 90,
    priority: 3,
    cell: (entry) =>
      entry.exit_code === null ? (
        NONE
      ) : (
        <Text span size="sm" ff="monospace" c={entry.exit_code !== 0 ? 'red' : undefined}>
          {entry.exit_code}
        </Text>
      ),
  },
  {
    key: 'error',
    header: 'Error',
    priority: 2,
    cell: (entry) =>
      entry.error ? (
        <Text span size="sm" c="red">
          {entry.error}
        </Text>
      ) : (
        NONE
      ),
    truncate: (entry) => entry.error ?? '',
  },
  {
    key: 'goal',
    header: 'Goal id',
    priority: 3,
    cell: (entry) => optional(entry.goal_id, true),
    truncate: (entry) => entry.goal_id ?? '',
  },
];

/** The log's entries; a click on a row opens its full detail under it. */
export function AuditTable({ entries, loading }: AuditTableProps) {
  return (
    <DataTable
      label="Audit log"
      columns={COLUMNS}
      rows={loading ? undefined : entries}
      rowKey={(entry) => entry.id}
      rowProps={(entry) => ({ 'data-audit-id': entry.id })}
      detail={{ label: 'details', render: (entry) => <AuditEntryDetail entry={entry} /> }}
      loadingRows={8}
      empty={{
        title: 'Nothing recorded yet',
        description: 'Actions appear here as they happen.',
      }}
    />
  );
}
