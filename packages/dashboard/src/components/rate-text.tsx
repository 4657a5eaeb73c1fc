import { Text } from '@mantine/core';
import type { Interval } from '../api/insights';
import { formatPercent } from './format';

/** A success rate with its 95 % interval, or a dash when nothing finished. */
export function RateText({ rate, interval }: { rate: number | null; interval?: Interval | null }) {
  if (rate === null)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Text size="sm">
      {formatPercent(rate)}
      {interval ? (
        <Text span size="xs" c="dimmed">
          {' '}
          ({formatPercent(interval.low)}–{formatPercent(interval.high)})
        </Text>
      ) : null}
    </Text>
  );
}
