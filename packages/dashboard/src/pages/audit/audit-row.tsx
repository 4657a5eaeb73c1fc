import { ActionIcon, Table, Text } from '@mantine/core';
import type { AuditEntry } from '../../api/audit';
import { AuditAction } from '../../components/audit-action';
import { ChevronIcon } from '../../components/icons';
import { RelativeTime } from '../../components/relative-time';
import { AuditEntryDetail } from './audit-entry-detail';

export const AUDIT_COLUMNS = 8;

interface AuditRowProps {
  entry: AuditEntry;
  expanded: boolean;
  onToggle: () => void;
}

const optional = (value: string | number | null, mono = false) =>
  value === null || value === '' ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Text size="sm" ff={mono ? 'monospace' : undefined} truncate maw={220} title={String(value)}>
      {value}
    </Text>
  );

export function AuditRow({ entry, expanded, onToggle }: AuditRowProps) {
  const failed = entry.exit_code !== null && entry.exit_code !== 0;
  return (
    <>
      <Table.Tr
        data-audit-id={entry.id}
        onClick={onToggle}
        style={{ cursor: 'pointer' }}
        bg={expanded ? 'var(--mantine-color-gray-0)' : undefined}
      >
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={expanded ? 'Hide details' : 'Show details'}
            aria-expanded={expanded}
            onClick={(event) => {
              // The row's own click would toggle it a second time.
              event.stopPropagation();
              onToggle();
            }}
          >
            <ChevronIcon
              size={16}
              style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: '120ms' }}
            />
          </ActionIcon>
        </Table.Td>
        <Table.Td w={170}>
          <RelativeTime value={entry.ts} stacked />
        </Table.Td>
        <Table.Td>
          <AuditAction entry={entry} />
        </Table.Td>
        <Table.Td>{optional(entry.actor)}</Table.Td>
        <Table.Td>{optional(entry.target)}</Table.Td>
        <Table.Td>
          {entry.exit_code === null ? (
            optional(null)
          ) : (
            <Text size="sm" ff="monospace" c={failed ? 'red' : undefined}>
              {entry.exit_code}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {entry.error ? (
            <Text size="sm" c="red" truncate maw={240} title={entry.error}>
              {entry.error}
            </Text>
          ) : (
            optional(null)
          )}
        </Table.Td>
        <Table.Td>{optional(entry.goal_id, true)}</Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr bg="var(--mantine-color-gray-0)">
          <Table.Td />
          <Table.Td colSpan={AUDIT_COLUMNS - 1}>
            <AuditEntryDetail entry={entry} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
