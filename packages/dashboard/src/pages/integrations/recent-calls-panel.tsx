import { Badge, Skeleton, Text } from '@mantine/core';
import type { IntegrationCall } from '../../api/integrations';
import { type Column, DataTable } from '../../components/data-table';

import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { RECENT_CALLS, useIntegrationCalls } from '../../hooks/use-integrations';

const COLUMNS: Column<IntegrationCall>[] = [
  {
    key: 'when',
    header: 'When',
    width: 130,
    cell: (call) => <RelativeTime value={call.created_at} />,
  },
  {
    key: 'action',
    header: 'Action',
    cell: (call) => (
      <>
        <Text size="sm" ff="monospace" truncate="end" title={call.action}>
          {call.action}
        </Text>
        <Text size="xs" c="dimmed">
          {call.source} · {call.actor}
        </Text>
      </>
    ),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (call) => (
      <>
        <Badge variant="light" color={call.status === 'ok' ? 'teal' : 'red'} maw="100%">
          {call.status === 'ok' ? 'ok' : (call.error ?? 'error')}
        </Badge>
        {call.message ? (
          <Text size="xs" c="dimmed" truncate="end" title={call.message}>
            {call.message}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'http',
    header: 'HTTP',
    width: 70,
    priority: 2,
    cell: (call) => call.http_status ?? '—',
  },
  {
    key: 'duration',
    header: 'Duration',
    width: 100,
    align: 'right',
    priority: 2,
    cell: (call) => <span style={{ whiteSpace: 'nowrap' }}>{call.duration_ms} ms</span>,
  },
];

/** The connector's call log, newest first: the operator's, the model's and connection tests. */
export function RecentCallsPanel({ id }: { id: string }) {
  const calls = useIntegrationCalls(id);
  const rows = calls.data ?? [];

  return (
    <Panel
      title="Recent calls"
      aside={
        <Text size="xs" c="dimmed">
          last {RECENT_CALLS}, newest first
        </Text>
      }
    >
      {calls.isPending ? (
        <Skeleton h={80} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {calls.isError ? 'The call log could not be read.' : 'No calls yet.'}
        </Text>
      ) : (
        <DataTable
          label="Recent calls"
          density="compact"
          columns={COLUMNS}
          rows={rows}
          rowKey={(call) => call.call_id}
          rowProps={(call) => ({ 'data-testid': 'call-row', 'data-status': call.status })}
          empty={{ title: 'No calls yet', description: 'Calls to this connector appear here.' }}
        />
      )}
    </Panel>
  );
}
