import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HealthDetails } from '../../api/health';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { StatusBadge } from '../../components/status-badge';

interface ComponentRow {
  name: string;
  status: string;
  detail: ReactNode;
}

const mono = (text: string) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

function rows({ health, stores }: HealthDetails): ComponentRow[] {
  const { model, kvstore, sqldb, browser, broker } = health.components;
  const sessions = browser.active_sessions;
  return [
    {
      name: 'Model',
      status: model.status,
      detail:
        model.status === 'unconfigured' ? (
          'No model provider is configured'
        ) : (
          <>
            {mono(model.provider)}
            {model.name ? <> · {mono(model.name)}</> : null}
          </>
        ),
    },
    { name: 'SQL database', status: sqldb.status, detail: <>Backend {mono(stores.sql)}</> },
    { name: 'Key-value store', status: kvstore.status, detail: <>Backend {mono(stores.kv)}</> },
    {
      name: 'Browser',
      status: browser.status,
      detail:
        browser.status === 'unavailable'
          ? 'Chromium is not installed'
          : `${sessions} active ${sessions === 1 ? 'session' : 'sessions'}`,
    },
    {
      name: 'Container broker',
      status: broker.status,
      detail:
        broker.status === 'unconfigured'
          ? 'No agent-broker (BROKER_URL): container control is off'
          : broker.status === 'ok'
            ? 'agent-broker answers; container_control works through it'
            : 'agent-broker does not answer',
    },
  ];
}

const COLUMNS: Column<ComponentRow>[] = [
  {
    key: 'name',
    header: 'Component',
    width: 170,
    cell: (row) => (
      <Text span size="sm" fw={500}>
        {row.name}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: 140,
    cell: (row) => <StatusBadge status={row.status} />,
  },
  {
    key: 'detail',
    header: 'Details',
    cell: (row) => (
      <Text size="sm" c="dimmed" component="div">
        {row.detail}
      </Text>
    ),
  },
];

export function ComponentsPanel({ details }: { details: HealthDetails }) {
  return (
    <Panel title="Components">
      <DataTable
        label="Component status"
        columns={COLUMNS}
        rows={rows(details)}
        rowKey={(row) => row.name}
        empty={{ title: 'No components', description: 'The runtime reported none.' }}
      />
      <Text size="xs" c="dimmed">
        The runtime is down when the SQL database or key-value store fails, and degraded when the
        model, browser or container broker does.
      </Text>
    </Panel>
  );
}
