import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPercent } from '../../components/format';

interface SignalRowProps {
  label: string;
  /** The raw reading, in its own unit. */
  reading: ReactNode;
  /** 0..1 against the saturation point. */
  normalised: number;
  /** This signal is the largest, so it sets the CPI. */
  leading: boolean;
}

export function SignalRow({ label, reading, normalised, leading }: SignalRowProps) {
  const color = normalised >= 0.8 ? 'red' : normalised >= 0.6 ? 'yellow' : 'indigo';
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          {leading ? (
            <Badge size="xs" variant="outline" color="gray">
              sets the CPI
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {reading}
          </Text>
          <Text size="sm" ff="monospace" w={48} ta="right">
            {formatPercent(normalised)}
          </Text>
        </Group>
      </Group>
      <Progress value={normalised * 100} color={color} size="sm" aria-label={`${label} pressure`} />
    </Stack>
  );
}
