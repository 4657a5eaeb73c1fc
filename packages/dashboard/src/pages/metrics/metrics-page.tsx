import { EmptyState, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { formatPercent } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { StatCard } from '../../components/stat-card';
import { useMetrics } from '../../hooks/use-insights';
import { ErrorRateTable, formatCost, UsageTable } from './daily-tables';
import { LatencyHistograms } from './latency-histograms';

const RANGES = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

export function MetricsPage() {
  const [since, setSince] = useState('7d');
  const metrics = useMetrics(since);
  const report = metrics.data;
  const empty = report !== undefined && report.totals.requests === 0;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Metrics"
        description="Latency, errors, tokens and cost, computed from the stored decision traces. Process counters for Prometheus are served on METRICS_PORT."
        aside={
          <SegmentedControl
            aria-label="Time range"
            value={since}
            onChange={setSince}
            data={RANGES}
          />
        }
      />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Requests" value={report?.totals.requests} loading={!report} />
        <StatCard
          label="Error rate"
          value={
            report?.totals.error_rate == null ? '–' : formatPercent(report.totals.error_rate, 1)
          }
          loading={!report}
        />
        <StatCard
          label="Tokens"
          value={report?.totals.total_tokens.toLocaleString('en')}
          loading={!report}
        />
        <StatCard
          label="Cost"
          value={formatCost(report?.totals.cost_usd ?? null)}
          loading={!report}
        />
      </SimpleGrid>
      {empty || metrics.isError ? (
        <EmptyState
          title={metrics.isError ? 'Metrics could not be loaded' : 'No requests in this range'}
          description="Every chat request, scheduled prompt, goal task and sub-agent turn stores a decision trace; latency, errors and token usage appear here once there are traces in the range."
        />
      ) : report ? (
        <>
          <Panel title="Latency by tier and model">
            <LatencyHistograms latency={report.latency} />
          </Panel>
          <Panel title="Error rate per day">
            <ErrorRateTable daily={report.daily} />
          </Panel>
          <Panel title="Tokens and cost per day">
            {report.usage.length === 0 ? (
              <EmptyState
                size="sm"
                title="No model calls in this range"
                description="Only requests answered by a language model use tokens; the fast path and the decision layer use none."
              />
            ) : (
              <UsageTable usage={report.usage} />
            )}
          </Panel>
        </>
      ) : null}
    </Stack>
  );
}
