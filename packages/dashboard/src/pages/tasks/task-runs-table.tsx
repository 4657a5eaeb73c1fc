import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Goal, TaskRun } from '../../api/goals';
import { RelativeTime } from '../../components/relative-time';
import { useNow } from '../../hooks/use-now';
import { formatDuration, formatTokens, goalPath, RunStatusBadge } from '../goals/goal-badges';
import { preview } from '../traces/trace-format';
import { tracePath } from '../traces/traces-table';

const COLUMNS = 9;

const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

/** The goal's page with the task selected in its graph. */
const taskPath = (run: TaskRun) =>
  `${goalPath(run.goal_id)}?task=${encodeURIComponent(run.task_id)}`;

interface TaskRunsTableProps {
  runs: TaskRun[];
  /** Goals by id, for their objectives. */
  goals: Map<string, Goal>;
  loading: boolean;
}

export function TaskRunsTable({ runs, goals, loading }: TaskRunsTableProps) {
  const running = runs.some((run) => run.status === 'running');
  const now = useNow(running ? 1_000 : 60_000);
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Task runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Started</Table.Th>
            <Table.Th>Goal</Table.Th>
            <Table.Th>Task</Table.Th>
            <Table.Th ta="right">Attempt</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Duration</Table.Th>
            <Table.Th ta="right">Tokens</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>Trace</Table.Th>
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
            : runs.map((run) => {
                const goal = goals.get(run.goal_id);
                return (
                  <Table.Tr
                    key={run.run_id}
                    data-run-id={run.run_id}
                    data-status={run.status}
                    data-testid="task-run"
                  >
                    <Table.Td>
                      <RelativeTime value={run.started_at} stacked />
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={goalPath(run.goal_id)}
                        size="sm"
                        c="var(--mantine-color-text)"
                        underline="hover"
                        title={goal?.objective ?? run.goal_id}
                        truncate
                        style={{ display: 'block', maxWidth: 240 }}
                        ff={goal ? undefined : 'monospace'}
                      >
                        {goal ? preview(goal.objective, 60) : run.goal_id.slice(0, 13)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={taskPath(run)}
                        size="sm"
                        fw={500}
                        title={run.title}
                        truncate
                        style={{ display: 'block', maxWidth: 220 }}
                      >
                        {run.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {run.attempt}
                    </Table.Td>
                    <Table.Td>
                      <RunStatusBadge value={run.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" ff="monospace">
                        {run.duration_ms !== null
                          ? formatDuration(run.duration_ms)
                          : run.status === 'running'
                            ? formatDuration(Math.max(0, now - Date.parse(run.started_at)))
                            : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {run.tokens > 0 ? (
                        <Text size="sm" ff="monospace">
                          {formatTokens(run.tokens)}
                        </Text>
                      ) : (
                        dash
                      )}
                    </Table.Td>
                    <Table.Td maw={280}>
                      {run.error ? (
                        <Text size="sm" c="red.7" truncate title={run.error}>
                          {run.error}
                        </Text>
                      ) : (
                        dash
                      )}
                    </Table.Td>
                    <Table.Td>
                      {run.request_id ? (
                        <Anchor
                          component={Link}
                          to={tracePath(run.request_id)}
                          size="sm"
                          data-testid="run-trace-link"
                        >
                          Trace
                        </Anchor>
                      ) : (
                        dash
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
