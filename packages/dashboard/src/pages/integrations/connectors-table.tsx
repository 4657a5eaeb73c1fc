import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IntegrationSummary } from '../../api/integrations';
import { type Column, DataTable } from '../../components/data-table';
import { formatPercent, plural } from '../../components/format';
import { RelativeTime } from '../../components/relative-time';
import { BreakerBadge, ConfiguredBadge } from './integration-badges';
import { CATEGORY_LABELS } from './integration-filters';

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

const COLUMNS: Column<IntegrationSummary>[] = [
  {
    key: 'connector',
    header: 'Connector',
    cell: (integration) => (
      <>
        <Anchor component={Link} to={`/integrations/${encodeURIComponent(integration.id)}`}>
          {integration.name}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {integration.id}
        </Text>
      </>
    ),
  },
  {
    key: 'category',
    header: 'Category',
    width: 170,
    priority: 3,
    cell: (integration) => (
      <>
        <Text size="sm">{CATEGORY_LABELS[integration.category]}</Text>
        <Text size="xs" c="dimmed">
          {plural(integration.action_count, 'action')} · {integration.auth_type}
        </Text>
      </>
    ),
  },
  {
    key: 'state',
    header: 'State',
    width: 300,
    cell: (integration) => (
      <Group gap={6} wrap="wrap">
        <ConfiguredBadge configured={integration.configured} />
        <BreakerBadge state={integration.breaker.state} />
      </Group>
    ),
  },
  {
    key: 'usage',
    header: 'Last 24 hours',
    width: 200,
    priority: 2,
    cell: (integration) => <Usage integration={integration} />,
  },
  {
    key: 'base-url',
    header: 'Base URL',
    priority: 2,
    truncate: (integration) => integration.base_url ?? '',
    cell: (integration) => (
      <Text span size="sm" c={integration.base_url ? undefined : 'dimmed'}>
        {integration.base_url ?? 'set a base URL'}
      </Text>
    ),
  },
];

interface ConnectorsTableProps {
  integrations: IntegrationSummary[];
  loading: boolean;
}

export function ConnectorsTable({ integrations, loading }: ConnectorsTableProps) {
  return (
    <DataTable
      label="Connectors"
      columns={COLUMNS}
      rows={loading ? undefined : integrations}
      rowKey={(integration) => integration.id}
      rowProps={(integration) => ({ 'data-testid': 'connector-row', 'data-id': integration.id })}
      loadingRows={6}
      empty={{ title: 'No connector matches', description: 'Clear the search or a filter.' }}
    />
  );
}
