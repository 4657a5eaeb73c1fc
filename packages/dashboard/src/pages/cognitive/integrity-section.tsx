import { Badge, EmptyState, Group, Stack, Text } from '@mantine/core';
import type { CheckStatus, Integrity } from '../../api/memory';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { useIntegrity } from '../../hooks/use-memory';

const CHECK_COLORS: Record<CheckStatus, string> = { pass: 'green', warn: 'yellow', fail: 'red' };

function CheckBadge({ status }: { status: CheckStatus }) {
  return (
    <Badge variant="light" color={CHECK_COLORS[status]}>
      {status}
    </Badge>
  );
}

const COLUMNS: Column<Integrity['checks'][number]>[] = [
  { key: 'check', header: 'Check', cell: (check) => check.title },
  {
    key: 'status',
    header: 'Status',
    width: 90,
    cell: (check) => <CheckBadge status={check.status} />,
  },
  { key: 'found', header: 'Found', width: 80, align: 'right', cell: (check) => check.count },
  {
    key: 'detail',
    header: 'Detail',
    priority: 2,
    cell: (check) => (
      <>
        <Text size="sm">{check.detail}</Text>
        {check.sample_ids.length > 0 ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {check.sample_ids.slice(0, 3).join(' ')}
          </Text>
        ) : null}
      </>
    ),
  },
];

/** /cognitive's integrity report: checks over the stored rows, each of which can fail. */
export function IntegritySection() {
  const { data, isError } = useIntegrity();
  if (!data)
    return isError ? (
      <EmptyState size="sm" title="The integrity report could not be loaded" />
    ) : null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">Overall</Text>
        <CheckBadge status={data.status} />
        <Text size="xs" c="dimmed">
          checked <RelativeTime value={data.checked_at} />
        </Text>
      </Group>
      <DataTable
        label="Integrity checks"
        columns={COLUMNS}
        rows={data.checks}
        rowKey={(check) => check.name}
        rowProps={(check) => ({ 'aria-label': check.title })}
        empty={{ title: 'No checks', description: 'The report named no checks.' }}
      />
    </Stack>
  );
}
