import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HealthDetails } from '../../api/health';
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

export function ComponentsPanel({ details }: { details: HealthDetails }) {
  return (
    <Panel title="Components">
      <Table verticalSpacing="sm" aria-label="Component status">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Component</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows(details).map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" component="div">
                  {row.detail}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        The runtime is down when the SQL database or key-value store fails, and degraded when the
        model, browser or container broker does.
      </Text>
    </Panel>
  );
}
