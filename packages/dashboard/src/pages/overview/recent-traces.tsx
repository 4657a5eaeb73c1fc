import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Trace } from '../../api/traces';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useRecentTraces } from '../../hooks/use-traces';
import { TierBadge, TraceStatusBadge } from '../traces/trace-badges';
import { formatLatency, preview } from '../traces/trace-format';
import { tracePath } from '../traces/traces-table';

const LIMIT = 8;

const COLUMNS: Column<Trace>[] = [
  { key: 'when', header: 'When', width: 130, cell: (t) => <RelativeTime value={t.created_at} /> },
  { key: 'tier', header: 'Tier', width: 130, cell: (t) => <TierBadge value={t.tier} /> },
  {
    key: 'status',
    header: 'Status',
    width: 110,
    priority: 2,
    cell: (t) => <TraceStatusBadge value={t.status} />,
  },
  {
    key: 'chat',
    header: 'Chat',
    priority: 3,
    cell: (t) => (
      <Text span size="sm" ff="monospace" c={t.chat_id ? undefined : 'dimmed'}>
        {t.chat_id ?? '—'}
      </Text>
    ),
    truncate: (t) => t.chat_id ?? '',
  },
  {
    key: 'latency',
    header: 'Latency',
    width: 90,
    align: 'right',
    priority: 2,
    cell: (t) => (
      <Text span size="sm" ff="monospace">
        {formatLatency(t.latency_ms)}
      </Text>
    ),
  },
  {
    key: 'input',
    header: 'Input',
    cell: (t) => (
      <Anchor
        component={Link}
        to={tracePath(t.request_id)}
        size="sm"
        c="var(--mantine-color-text)"
        underline="hover"
      >
        {preview(t.input, 80) || '(empty)'}
      </Anchor>
    ),
    truncate: (t) => t.input,
  },
];

/** The latest responses, each linking to its whole trace. */
export function RecentTraces() {
  const { data, isError } = useRecentTraces(LIMIT);
  const navigate = useNavigate();
  return (
    <Panel
      title="Recent traces"
      aside={
        <Anchor component={Link} to="/traces" size="sm">
          View all traces
        </Anchor>
      }
    >
      <DataTable
        label="Recent traces"
        columns={COLUMNS}
        rows={data?.traces ?? (isError ? [] : undefined)}
        rowKey={(t) => t.request_id}
        rowProps={(t) => ({ 'data-trace-id': t.request_id })}
        onRowClick={(t) => navigate(tracePath(t.request_id))}
        empty={{
          title: isError ? 'Traces could not be loaded' : 'No requests answered yet',
          description:
            'Each chat request leaves a decision trace: the tier that answered, the guards and the skills that ran.',
        }}
      />
    </Panel>
  );
}
