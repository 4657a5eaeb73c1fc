import { Anchor, EmptyState, Skeleton, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useRecentTraces } from '../../hooks/use-traces';
import { TierBadge, TraceStatusBadge } from '../traces/trace-badges';
import { formatLatency, preview } from '../traces/trace-format';
import { tracePath } from '../traces/traces-table';

const LIMIT = 8;

/** The latest responses, each linking to its whole trace. */
export function RecentTraces() {
  const { data, isPending, isError } = useRecentTraces(LIMIT);
  const navigate = useNavigate();
  const traces = data?.traces ?? [];

  return (
    <Panel
      title="Recent traces"
      aside={
        <Anchor component={Link} to="/traces" size="sm">
          View all traces
        </Anchor>
      }
    >
      {!isPending && traces.length === 0 ? (
        <EmptyState
          size="sm"
          title={isError ? 'Traces could not be loaded' : 'No requests answered yet'}
          description="Each chat request leaves a decision trace: the tier that answered, the guards and the skills that ran."
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover aria-label="Recent traces">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>When</Table.Th>
                <Table.Th>Tier</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Chat</Table.Th>
                <Table.Th ta="right">Latency</Table.Th>
                <Table.Th>Input</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending
                ? Array.from({ length: 5 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Tr key={index}>
                      {[0, 1, 2, 3, 4, 5].map((cell) => (
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
                      style={{ cursor: 'pointer' }}
                      onClick={(event) => {
                        if ((event.target as HTMLElement).closest('a')) return;
                        navigate(tracePath(trace.request_id));
                      }}
                    >
                      <Table.Td>
                        <Text size="sm">
                          <RelativeTime value={trace.created_at} />
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TierBadge value={trace.tier} />
                      </Table.Td>
                      <Table.Td>
                        <TraceStatusBadge value={trace.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text
                          size="sm"
                          ff="monospace"
                          c={trace.chat_id ? undefined : 'dimmed'}
                          truncate
                          maw={140}
                        >
                          {trace.chat_id ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" ff="monospace">
                          {formatLatency(trace.latency_ms)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={tracePath(trace.request_id)}
                          size="sm"
                          c="var(--mantine-color-text)"
                          underline="hover"
                          truncate
                          title={trace.input}
                          style={{ display: 'block', maxWidth: 280 }}
                        >
                          {preview(trace.input, 80) || '(empty)'}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
