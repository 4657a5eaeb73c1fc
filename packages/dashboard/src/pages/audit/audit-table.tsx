import { Skeleton, Table } from '@mantine/core';
import { useState } from 'react';
import type { AuditEntry } from '../../api/audit';
import { AUDIT_COLUMNS, AuditRow } from './audit-row';

interface AuditTableProps {
  entries: AuditEntry[];
  /** Show placeholder rows (first load). */
  loading: boolean;
}

export function AuditTable({ entries, loading }: AuditTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th aria-label="Details" />
            <Table.Th>Time</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Exit code</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>Goal id</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 8 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={row}>
                  {Array.from({ length: AUDIT_COLUMNS }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Td key={cell}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : entries.map((entry) => (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  expanded={expanded.has(entry.id)}
                  onToggle={() => toggle(entry.id)}
                />
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
