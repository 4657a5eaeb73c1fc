import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEntry } from '../../api/audit';
import { AuditAction } from '../../components/audit-action';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useRecentAudit } from '../../hooks/use-audit';

const LIMIT = 10;

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'when', header: 'When', width: 150, cell: (entry) => <RelativeTime value={entry.ts} /> },
  { key: 'action', header: 'Action', cell: (entry) => <AuditAction entry={entry} /> },
  { key: 'actor', header: 'Actor', priority: 2, width: 140, cell: (entry) => entry.actor },
  {
    key: 'target',
    header: 'Target',
    priority: 2,
    cell: (entry) => (
      <Text span size="sm" c={entry.target ? undefined : 'dimmed'}>
        {entry.target ?? '—'}
      </Text>
    ),
    truncate: (entry) => entry.target ?? '',
  },
];

export function RecentActivity() {
  const { data, isError } = useRecentAudit(LIMIT);
  return (
    <Panel
      title="Recent activity"
      aside={
        <Anchor component={Link} to="/audit" size="sm">
          View the audit log
        </Anchor>
      }
    >
      <DataTable
        label="Recent activity"
        columns={COLUMNS}
        rows={data?.entries ?? (isError ? [] : undefined)}
        rowKey={(entry) => String(entry.id)}
        empty={{
          title: isError ? 'Activity could not be loaded' : 'Nothing recorded yet',
          description:
            'Sign-ins, password changes and every action the agent takes are recorded in the audit log and show up here as they happen.',
        }}
      />
    </Panel>
  );
}
