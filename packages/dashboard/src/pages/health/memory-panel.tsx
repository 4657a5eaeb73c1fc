import { Group, Progress, Stack, Text } from '@mantine/core';
import type { HealthDetails } from '../../api/health';
import { formatBytes, formatPercent } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';

function UsageBar({ label, used, total }: { label: string; used: number; total: number }) {
  const ratio = total > 0 ? used / total : 0;
  const color = ratio >= 0.9 ? 'red' : ratio >= 0.7 ? 'yellow' : 'indigo';
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {formatBytes(used)} of {formatBytes(total)} · {formatPercent(ratio)}
        </Text>
      </Group>
      <Progress value={ratio * 100} color={color} size="sm" aria-label={`${label} used`} />
    </Stack>
  );
}

export function MemoryPanel({ details }: { details: HealthDetails }) {
  const memory = details.memory;
  return (
    <Panel title="Memory">
      <UsageBar label="Heap" used={memory.heap_used_bytes} total={memory.heap_limit_bytes} />
      <UsageBar
        label="System"
        used={memory.system_total_bytes - memory.system_free_bytes}
        total={memory.system_total_bytes}
      />
      <KeyValueList
        items={[
          { label: 'Resident set (RSS)', value: formatBytes(memory.rss_bytes) },
          { label: 'Heap limit', value: formatBytes(memory.heap_limit_bytes) },
          { label: 'System free', value: formatBytes(memory.system_free_bytes) },
        ]}
      />
    </Panel>
  );
}
