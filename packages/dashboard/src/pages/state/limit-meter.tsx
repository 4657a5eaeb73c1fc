import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface LimitMeterProps {
  label: string;
  used: number;
  limit: number;
  /** How a number is printed (tokens with separators). */
  format?: (value: number) => string;
  hint?: ReactNode;
  testId?: string;
}

/** Usage against a limit of the Resource Governor: calm below 80 %, amber near, red at the limit. */
export function LimitMeter({ label, used, limit, format = String, hint, testId }: LimitMeterProps) {
  const share = limit > 0 ? used / limit : used > 0 ? 1 : 0;
  const color = share >= 1 ? 'red' : share >= 0.8 ? 'orange' : 'teal';
  return (
    <Stack gap={4} data-testid={testId} data-used={used} data-limit={limit}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" ff="monospace" c={share >= 1 ? 'red' : undefined}>
          {format(used)}
          <Text span c="dimmed" size="sm" ff="monospace">
            {' '}
            / {format(limit)}
          </Text>
        </Text>
      </Group>
      <Progress
        value={Math.min(100, share * 100)}
        color={color}
        size="md"
        radius="xl"
        aria-label={`${label}: ${format(used)} of ${format(limit)}`}
      />
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
