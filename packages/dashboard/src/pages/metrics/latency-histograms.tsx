import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MetricsReport } from '../../api/insights';
import { formatPercent } from '../../components/format';
import { ShareBar } from '../../components/share-bar';

const ms = (value: number) => (value >= 1000 ? `${value / 1000} s` : `${value} ms`);

/** "< 50 ms", "50 ms – 100 ms", …, "≥ 60 s" for each bucket. */
export function bucketLabels(bounds: number[]): string[] {
  return [
    `< ${ms(bounds[0] ?? 0)}`,
    ...bounds.slice(1).map((bound, i) => `${ms(bounds[i] ?? 0)} – ${ms(bound)}`),
    `≥ ${ms(bounds[bounds.length - 1] ?? 0)}`,
  ];
}

/** One histogram per tier and model, with its percentiles and error rate. */
export function LatencyHistograms({ latency }: { latency: MetricsReport['latency'] }) {
  const labels = bucketLabels(latency.bounds_ms);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      {latency.series.map((series) => {
        const name = `${series.tier}${series.model ? ` · ${series.model}` : ''}`;
        const max = Math.max(...series.buckets);
        return (
          <Stack key={name} gap="xs" data-testid="latency-series" aria-label={name}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {name}
              </Text>
              <Badge variant="light">{series.requests} requests</Badge>
              <Badge variant="light" color={series.errors > 0 ? 'red' : 'gray'}>
                errors {series.error_rate === null ? '–' : formatPercent(series.error_rate, 1)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              p50 {ms(series.p50_ms)} · p95 {ms(series.p95_ms)} · max {ms(series.max_ms)}
            </Text>
            <Stack gap={2} role="list" aria-label={`Latency histogram of ${name}`}>
              {series.buckets.map((count, i) => (
                <ShareBar key={labels[i]} label={labels[i] ?? ''} value={count} max={max} />
              ))}
            </Stack>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
