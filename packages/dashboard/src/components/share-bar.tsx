import { Box, Group, Text } from '@mantine/core';

interface ShareBarProps {
  label: string;
  value: number;
  /** The largest value shown beside it: the bar's full width. */
  max: number;
  color?: string;
}

/** One labelled horizontal bar: a histogram row, sized against the largest row. */
export function ShareBar({ label, value, max, color = 'blue' }: ShareBarProps) {
  const width = max > 0 ? `${(value / max) * 100}%` : '0%';
  return (
    <Group gap="sm" wrap="nowrap" role="listitem" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" w={110} ta="right" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box style={{ flex: 1 }}>
        <Box h={12} w={width} bg={`var(--mantine-color-${color}-5)`} style={{ borderRadius: 3 }} />
      </Box>
      <Text size="xs" w={48} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}
