import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IntegrationSummary } from '../../api/integrations';
import { formatPercent, plural } from '../../components/format';
import { RelativeTime } from '../../components/relative-time';
import { BreakerBadge, ConfiguredBadge } from './integration-badges';
import { CATEGORY_LABELS } from './integration-filters';

const COLUMNS = 5;

function Usage({ integration }: { integration: IntegrationSummary }) {
  const { stats } = integration;
  if (stats.calls === 0) {
    return (
      <Text size="sm" c="dimmed">
        no calls
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">
        {stats.calls.toLocaleString()} {stats.calls === 1 ? 'call' : 'calls'} ·{' '}
        <Text span inherit c={stats.errors > 0 ? 'red' : undefined}>
          {formatPercent(stats.error_rate)} errors
        </Text>
      </Text>
      {stats.last_error ? (
        <Text size="xs" c="dimmed" truncate maw={280} title={stats.last_error.message ?? ''}>
          Last error {stats.last_error.error}, <RelativeTime value={stats.last_error.at} />
        </Text>
      ) : null}
    </Stack>
  );
}

function ConnectorRow({ integration }: { integration: IntegrationSummary }) {
  return (
    <Table.Tr data-testid="connector-row" data-id={integration.id}>
      <Table.Td>
        <Anchor component={Link} to={`/integrations/${encodeURIComponent(integration.id)}`}>
          {integration.name}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {integration.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{CATEGORY_LABELS[integration.category]}</Text>
        <Text size="xs" c="dimmed">
          {plural(integration.action_count, 'action')} · {integration.auth_type}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="wrap">
          <ConfiguredBadge configured={integration.configured} />
          <BreakerBadge state={integration.breaker.state} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Usage integration={integration} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={integration.base_url ? undefined : 'dimmed'} truncate maw={260}>
          {integration.base_url ?? 'set a base URL'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

interface ConnectorsTableProps {
  integrations: IntegrationSummary[];
  loading: boolean;
}

export function ConnectorsTable({ integrations, loading }: ConnectorsTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Connectors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Connector</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Last 24 hours</Table.Th>
            <Table.Th>Base URL</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 6 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={row}>
                  <Table.Td colSpan={COLUMNS}>
                    <Skeleton h={28} />
                  </Table.Td>
                </Table.Tr>
              ))
            : integrations.map((integration) => (
                <ConnectorRow key={integration.id} integration={integration} />
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
