import { Badge, Skeleton, Table, Text } from '@mantine/core';
import type { IntegrationCall } from '../../api/integrations';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { RECENT_CALLS, useIntegrationCalls } from '../../hooks/use-integrations';

function CallRow({ call }: { call: IntegrationCall }) {
  return (
    <Table.Tr data-testid="call-row" data-status={call.status}>
      <Table.Td>
        <RelativeTime value={call.created_at} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {call.action}
        </Text>
        <Text size="xs" c="dimmed">
          {call.source} · {call.actor}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={call.status === 'ok' ? 'teal' : 'red'}>
          {call.status === 'ok' ? 'ok' : (call.error ?? 'error')}
        </Badge>
        {call.message ? (
          <Text size="xs" c="dimmed" truncate maw={260} title={call.message}>
            {call.message}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{call.http_status ?? '—'}</Table.Td>
      <Table.Td>{call.duration_ms} ms</Table.Td>
    </Table.Tr>
  );
}

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
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} aria-label="Recent calls">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>HTTP</Table.Th>
                <Table.Th>Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((call) => (
                <CallRow key={call.call_id} call={call} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
