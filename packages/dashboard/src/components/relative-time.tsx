import { Stack, Text, Tooltip } from '@mantine/core';
import { useNow } from '../hooks/use-now';
import { formatAbsolute, formatRelative } from './format';

interface RelativeTimeProps {
  /** ISO 8601 or epoch milliseconds */
  value: string | number;
  /** Also print the local time under the relative one (tables); otherwise it is in a tooltip. */
  stacked?: boolean;
}

/** "1 minute ago" is one unit of meaning: it never breaks over lines, whatever the column. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export function RelativeTime({ value, stacked = false }: RelativeTimeProps) {
  const now = useNow(stacked ? 30_000 : 5_000);
  const iso = new Date(value).toISOString();
  if (stacked) {
    return (
      <Stack gap={0}>
        <Text size="sm" component="time" dateTime={iso} title={iso} style={NO_WRAP}>
          {formatRelative(value, now)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {formatAbsolute(value)}
        </Text>
      </Stack>
    );
  }
  return (
    <Tooltip label={`${formatAbsolute(value)} (${iso})`} withArrow>
      <Text span inherit component="time" dateTime={iso} style={NO_WRAP}>
        {formatRelative(value, now)}
      </Text>
    </Tooltip>
  );
}
