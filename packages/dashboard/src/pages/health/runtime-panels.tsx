import { Text } from '@mantine/core';
import type { HealthDetails } from '../../api/health';
import { formatUptime } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';

const mono = (text: string | number) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

const ISOLATION_LABELS = {
  bubblewrap: 'bubblewrap sandbox',
  uid: 'separate user only',
  none: 'none',
} as const;

export function QueuesPanel({ details }: { details: HealthDetails }) {
  const queues = details.health.components.queues;
  return (
    <Panel title="Queues">
      <KeyValueList
        items={[
          { label: 'Incoming events', value: mono(queues.events_incoming.toLocaleString()) },
          { label: 'Outgoing events', value: mono(queues.events_outgoing.toLocaleString()) },
          {
            label: 'Behavioural, pending',
            value: mono(queues.behavioral_pending.toLocaleString()),
          },
        ]}
      />
    </Panel>
  );
}

export function ProcessPanel({ details }: { details: HealthDetails }) {
  return (
    <Panel title="Process">
      <KeyValueList
        items={[
          { label: 'Version', value: mono(details.health.version) },
          { label: 'Uptime', value: formatUptime(details.process.uptime_s) },
          { label: 'Node.js', value: mono(details.process.node) },
          { label: 'Process id', value: mono(details.process.pid) },
          {
            label: 'Skill isolation',
            value: details.sandbox ? (
              <Text span size="sm" title={details.sandbox.reason} data-testid="sandbox-isolation">
                {ISOLATION_LABELS[details.sandbox.mode]}, uid {details.sandbox.uid}
              </Text>
            ) : (
              'not started'
            ),
          },
          { label: 'Checked', value: <RelativeTime value={details.checked_at} /> },
        ]}
      />
    </Panel>
  );
}
