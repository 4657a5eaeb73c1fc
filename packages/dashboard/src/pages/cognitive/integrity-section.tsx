import { Badge, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import type { CheckStatus } from '../../api/memory';
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
      <Table aria-label="Integrity checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Check</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Found</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.checks.map((check) => (
            <Table.Tr key={check.name} aria-label={check.title}>
              <Table.Td>{check.title}</Table.Td>
              <Table.Td>
                <CheckBadge status={check.status} />
              </Table.Td>
              <Table.Td>{check.count}</Table.Td>
              <Table.Td>
                <Text size="sm">{check.detail}</Text>
                {check.sample_ids.length > 0 ? (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {check.sample_ids.slice(0, 3).join(' ')}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
