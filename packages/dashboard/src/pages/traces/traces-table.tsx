import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Trace } from '../../api/traces';
import { RelativeTime } from '../../components/relative-time';
import { TierBadge, TraceStatusBadge } from './trace-badges';
import { formatLatency, preview } from './trace-format';

const COLUMNS = 8;

/** Where a trace's page is; it remembers the list's filters for its back link. */
export const tracePath = (requestId: string) => `/traces/${encodeURIComponent(requestId)}`;

export interface TraceLinkState {
  /** The list's search string (`?chat_id=…`), restored by the back link. */
  listSearch: string;
}

const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

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
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Traces">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Chat</Table.Th>
            <Table.Th ta="right">Latency</Table.Th>
            <Table.Th ta="right">Tokens</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Input</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 8 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={row}>
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Td key={cell}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : traces.map((trace) => (
                <Table.Tr
                  key={trace.request_id}
                  data-trace-id={trace.request_id}
                  onClick={(event) => {
                    // A click on the link itself is the link's; a selection is not a click.
                    if ((event.target as HTMLElement).closest('a')) return;
                    if (window.getSelection()?.toString()) return;
                    navigate(tracePath(trace.request_id), { state });
                  }}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td w={170}>
                    <RelativeTime value={trace.created_at} stacked />
                  </Table.Td>
                  <Table.Td>
                    <TierBadge value={trace.tier} />
                  </Table.Td>
                  <Table.Td>
                    <TraceStatusBadge value={trace.status} />
                  </Table.Td>
                  <Table.Td>
                    {trace.chat_id ? (
                      <Text size="sm" ff="monospace" truncate maw={160} title={trace.chat_id}>
                        {trace.chat_id}
                      </Text>
                    ) : (
                      dash
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace">
                      {formatLatency(trace.latency_ms)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {trace.tokens.total > 0 ? (
                      <Text
                        size="sm"
                        ff="monospace"
                        title={`${trace.tokens.input} in, ${trace.tokens.output} out`}
                      >
                        {trace.tokens.total.toLocaleString()}
                      </Text>
                    ) : (
                      dash
                    )}
                  </Table.Td>
                  <Table.Td>
                    {trace.model ? (
                      <Text size="sm" ff="monospace" truncate maw={180} title={trace.model}>
                        {trace.model}
                      </Text>
                    ) : (
                      dash
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={tracePath(trace.request_id)}
                      state={state}
                      size="sm"
                      c="var(--mantine-color-text)"
                      underline="hover"
                      title={trace.input}
                      style={{ display: 'block', maxWidth: 360 }}
                      truncate
                    >
                      {preview(trace.input) || '(empty)'}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
