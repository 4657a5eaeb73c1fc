import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import type { HealthDetails } from '../../api/health';
import { CpiMeter } from '../../components/cpi-meter';
import { formatPercent } from '../../components/format';
import { Panel } from '../../components/panel';
import { SignalRow } from './signal-row';

/** The runtime's four signals, in the order the CPI formula lists them. */
const SIGNALS: { key: string; label: string; reading: (details: HealthDetails) => string }[] = [
  {
    key: 'queueDepth',
    label: 'Queue depth',
    reading: ({ signals }) => `${signals.queue_depth.toLocaleString()} queued`,
  },
  {
    key: 'activeWork',
    label: 'Active work',
    reading: ({ signals }) => {
      const entries = Object.entries(signals.active_work).filter(([, count]) => count > 0);
      const total = entries.reduce((sum, [, count]) => sum + count, 0);
      const parts = entries.map(([name, count]) => `${name} ${count}`).join(', ');
      return parts ? `${total} running (${parts})` : `${total} running`;
    },
  },
  {
    key: 'errorRate',
    label: 'Error rate',
    reading: ({ signals }) => `${formatPercent(signals.error_rate, 1)} of responses failed`,
  },
  {
    key: 'memoryRatio',
    label: 'Memory',
    reading: ({ signals }) => `${formatPercent(signals.memory_ratio)} of heap limit`,
  },
];

export function CpiPanel({ details }: { details: HealthDetails }) {
  const { cpi, cpi_high: high } = details.health.components;
  const normalised = details.signals.normalised;
  const largest = Math.max(0, ...Object.values(normalised));
  const extraKeys = Object.keys(normalised).filter(
    (key) => !SIGNALS.some((signal) => signal.key === key),
  );

  return (
    <Panel
      title="Cognitive pressure"
      aside={
        <Badge color={high ? 'red' : 'teal'} variant={high ? 'filled' : 'light'}>
          {high ? 'High' : 'Normal'}
        </Badge>
      }
    >
      <Group align="baseline" gap={6}>
        <Text fz={40} fw={700} lh={1} c={high ? 'red' : undefined} data-testid="cpi-value">
          {cpi}
        </Text>
        <Text c="dimmed">/ 100</Text>
      </Group>
      <CpiMeter cpi={cpi} threshold={details.signals.cpi_high_threshold} high={high} />
      <Divider />
      <Text size="xs" c="dimmed">
        Each signal is scaled from 0 to 100 % of the load at which the runtime should stop taking on
        new autonomous work. The largest one is the CPI.
      </Text>
      <Stack gap="sm">
        {SIGNALS.map((signal) => {
          const value = normalised[signal.key] ?? 0;
          return (
            <SignalRow
              key={signal.key}
              label={signal.label}
              reading={signal.reading(details)}
              normalised={value}
              leading={largest > 0 && value === largest}
            />
          );
        })}
        {extraKeys.map((key) => {
          const value = normalised[key] ?? 0;
          return (
            <SignalRow
              key={key}
              label={key}
              reading=""
              normalised={value}
              leading={largest > 0 && value === largest}
            />
          );
        })}
      </Stack>
    </Panel>
  );
}
