import { Anchor, EmptyState, Skeleton, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuditAction } from '../../components/audit-action';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useRecentAudit } from '../../hooks/use-audit';

const LIMIT = 10;

export function RecentActivity() {
  const { data, isPending, isError } = useRecentAudit(LIMIT);
  const entries = data?.entries ?? [];

  return (
    <Panel
      title="Recent activity"
      aside={
        <Anchor component={Link} to="/audit" size="sm">
          View the audit log
        </Anchor>
      }
    >
      {!isPending && entries.length === 0 ? (
        <EmptyState
          size="sm"
          title={isError ? 'Activity could not be loaded' : 'Nothing recorded yet'}
          description="Sign-ins, password changes and every action the agent takes are recorded in the audit log and show up here as they happen."
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>When</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Actor</Table.Th>
                <Table.Th>Target</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending
                ? Array.from({ length: 5 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Tr key={index}>
                      {[0, 1, 2, 3].map((cell) => (
                        <Table.Td key={cell}>
                          <Skeleton h={14} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Text size="sm">
                          <RelativeTime value={entry.ts} />
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <AuditAction entry={entry} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.actor}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={entry.target ? undefined : 'dimmed'} truncate maw={260}>
                          {entry.target ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
