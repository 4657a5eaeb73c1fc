import { Badge, SimpleGrid, Text } from '@mantine/core';
import type { HealthDetails } from '../../api/health';
import { CpiMeter } from '../../components/cpi-meter';
import { formatUptime } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { StatCard } from '../../components/stat-card';
import { StatusBadge } from '../../components/status-badge';

const STATUS_LABELS = { ok: 'Healthy', degraded: 'Degraded', down: 'Down' } as const;

export function OverviewStats({ details }: { details: HealthDetails | undefined }) {
  const loading = !details;
  const health = details?.health;
  const components = health?.components;
  const queues = components?.queues;
  const queued = queues
    ? queues.events_incoming + queues.events_outgoing + queues.behavioral_pending
    : 0;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
      <StatCard
        label="Runtime"
        loading={loading}
        value={health ? STATUS_LABELS[health.status] : null}
        aside={health ? <StatusBadge status={health.status} size="lg" /> : null}
      >
        {details && components ? (
          <KeyValueList
            items={[
              { label: 'Version', value: <Text ff="monospace">{health?.version}</Text> },
              { label: 'Uptime', value: formatUptime(details.process.uptime_s) },
              { label: 'Model', value: <StatusBadge status={components.model.status} /> },
              { label: 'Browser', value: <StatusBadge status={components.browser.status} /> },
            ]}
          />
        ) : null}
      </StatCard>

      <StatCard
        label="Cognitive pressure"
        loading={loading}
        value={
          components ? (
            <>
              {components.cpi}
              <Text span c="dimmed" fz="md" fw={500}>
                {' '}
                / 100
              </Text>
            </>
          ) : null
        }
        aside={
          components?.cpi_high ? (
            <Badge color="red" variant="filled">
              High
            </Badge>
          ) : null
        }
      >
        {details && components ? (
          <CpiMeter
            cpi={components.cpi}
            threshold={details.signals.cpi_high_threshold}
            high={components.cpi_high}
          />
        ) : null}
      </StatCard>

      <StatCard label="Queued events" loading={loading} value={queued.toLocaleString()}>
        {queues ? (
          <KeyValueList
            items={[
              { label: 'Incoming', value: queues.events_incoming.toLocaleString() },
              { label: 'Outgoing', value: queues.events_outgoing.toLocaleString() },
              { label: 'Behavioural', value: queues.behavioral_pending.toLocaleString() },
            ]}
          />
        ) : null}
      </StatCard>

      <StatCard
        label="Stores"
        loading={loading}
        value={
          components
            ? components.sqldb.status === 'ok' && components.kvstore.status === 'ok'
              ? 'Reachable'
              : 'Failing'
            : null
        }
      >
        {details && components ? (
          <KeyValueList
            items={[
              {
                label: (
                  <>
                    SQL ·{' '}
                    <Text span ff="monospace" size="sm">
                      {details.stores.sql}
                    </Text>
                  </>
                ),
                value: <StatusBadge status={components.sqldb.status} />,
              },
              {
                label: (
                  <>
                    Key-value ·{' '}
                    <Text span ff="monospace" size="sm">
                      {details.stores.kv}
                    </Text>
                  </>
                ),
                value: <StatusBadge status={components.kvstore.status} />,
              },
            ]}
          />
        ) : null}
      </StatCard>
    </SimpleGrid>
  );
}
