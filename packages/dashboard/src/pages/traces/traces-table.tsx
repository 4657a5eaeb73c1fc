import { Anchor, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Trace } from '../../api/traces';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { TierBadge, TraceStatusBadge } from './trace-badges';
import { formatLatency, preview } from './trace-format';

/** Where a trace's page is; it remembers the list's filters for its back link. */
export const tracePath = (requestId: string) => `/traces/${encodeURIComponent(requestId)}`;

export interface TraceLinkState {
  /** The list's search string (`?chat_id=…`), restored by the back link. */
  listSearch: string;
}

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

const mono = (text: string) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

function columns(state: TraceLinkState): Column<Trace>[] {
  return [
    {
      key: 'time',
      header: 'Time',
      width: 170,
      cell: (t) => <RelativeTime value={t.created_at} stacked />,
    },
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
      priority: 2,
      cell: (t) => (t.chat_id ? mono(t.chat_id) : dash),
      truncate: (t) => t.chat_id ?? '',
    },
    {
      key: 'latency',
      header: 'Latency',
      width: 90,
      align: 'right',
      cell: (t) => mono(formatLatency(t.latency_ms)),
    },
    {
      key: 'tokens',
      header: 'Tokens',
      width: 90,
      align: 'right',
      priority: 3,
      cell: (t) => (t.tokens.total > 0 ? mono(t.tokens.total.toLocaleString()) : dash),
      truncate: (t) => (t.tokens.total > 0 ? `${t.tokens.input} in, ${t.tokens.output} out` : ''),
    },
    {
      key: 'model',
      header: 'Model',
      priority: 3,
      cell: (t) => (t.model ? mono(t.model) : dash),
      truncate: (t) => t.model ?? '',
    },
    {
      key: 'otel',
      header: 'OTel trace',
      width: 110,
      priority: 3,
      // The first 8 hex digits find the trace in Jaeger or Tempo; the whole id shows on hover.
      cell: (t) => (t.otel_trace_id ? mono(t.otel_trace_id.slice(0, 8)) : dash),
      truncate: (t) => t.otel_trace_id ?? '',
    },
    {
      key: 'input',
      header: 'Input',
      cell: (t) => (
        <Anchor
          component={Link}
          to={tracePath(t.request_id)}
          state={state}
          size="sm"
          c="var(--mantine-color-text)"
          underline="hover"
        >
          {preview(t.input) || '(empty)'}
        </Anchor>
      ),
      truncate: (t) => t.input,
    },
  ];
}

interface TracesTableProps {
  traces: Trace[];
  /** Show placeholder rows (first load). */
  loading: boolean;
}

export function TracesTable({ traces, loading }: TracesTableProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const state: TraceLinkState = { listSearch: search };
  return (
    <DataTable
      label="Traces"
      columns={columns(state)}
      rows={loading ? undefined : traces}
      rowKey={(t) => t.request_id}
      rowProps={(t) => ({ 'data-trace-id': t.request_id })}
      onRowClick={(t) => navigate(tracePath(t.request_id), { state })}
      loadingRows={8}
      empty={{
        title: 'No traces match',
        description: 'Each chat request leaves a trace; widen the filters to see more.',
      }}
    />
  );
}
