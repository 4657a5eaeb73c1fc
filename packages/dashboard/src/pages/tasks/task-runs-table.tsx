import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Goal, TaskRun } from '../../api/goals';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { useNow } from '../../hooks/use-now';
import { formatDuration, formatTokens, goalPath, RunStatusBadge } from '../goals/goal-badges';
import { preview } from '../traces/trace-format';
import { tracePath } from '../traces/traces-table';

const dash = (
  <Text span size="sm" c="dimmed">
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

function columns(goals: Map<string, Goal>, now: number): Column<TaskRun>[] {
  return [
    {
      key: 'started',
      header: 'Started',
      width: 150,
      cell: (run) => <RelativeTime value={run.started_at} stacked />,
    },
    {
      key: 'goal',
      header: 'Goal',
      priority: 2,
      truncate: (run) => goals.get(run.goal_id)?.objective ?? run.goal_id,
      cell: (run) => {
        const goal = goals.get(run.goal_id);
        return (
          <Anchor
            component={Link}
            to={goalPath(run.goal_id)}
            size="sm"
            c="var(--mantine-color-text)"
            underline="hover"
            ff={goal ? undefined : 'monospace'}
          >
            {goal ? preview(goal.objective, 60) : run.goal_id.slice(0, 13)}
          </Anchor>
        );
      },
    },
    {
      key: 'task',
      header: 'Task',
      truncate: (run) => run.title,
      cell: (run) => (
        <Anchor component={Link} to={taskPath(run)} size="sm" fw={500}>
          {run.title}
        </Anchor>
      ),
    },
    {
      key: 'attempt',
      header: 'Attempt',
      width: 80,
      align: 'right',
      priority: 3,
      cell: (run) => (
        <Text span size="sm" ff="monospace">
          {run.attempt}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      cell: (run) => <RunStatusBadge value={run.status} />,
    },
    {
      key: 'duration',
      header: 'Duration',
      width: 90,
      align: 'right',
      priority: 2,
      cell: (run) => (
        <Text span size="sm" ff="monospace">
          {run.duration_ms !== null
            ? formatDuration(run.duration_ms)
            : run.status === 'running'
              ? formatDuration(Math.max(0, now - Date.parse(run.started_at)))
              : '—'}
        </Text>
      ),
    },
    {
      key: 'tokens',
      header: 'Tokens',
      width: 80,
      align: 'right',
      priority: 3,
      cell: (run) =>
        run.tokens > 0 ? (
          <Text span size="sm" ff="monospace">
            {formatTokens(run.tokens)}
          </Text>
        ) : (
          dash
        ),
    },
    {
      key: 'error',
      header: 'Error',
      priority: 2,
      truncate: (run) => run.error ?? '',
      cell: (run) =>
        run.error ? (
          <Text span size="sm" c="red.7">
            {run.error}
          </Text>
        ) : (
          dash
        ),
    },
    {
      key: 'trace',
      header: 'Trace',
      width: 70,
      cell: (run) =>
        run.request_id ? (
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
        ),
    },
  ];
}

export function TaskRunsTable({ runs, goals, loading }: TaskRunsTableProps) {
  const running = runs.some((run) => run.status === 'running');
  const now = useNow(running ? 1_000 : 60_000);
  return (
    <DataTable
      label="Task runs"
      columns={columns(goals, now)}
      rows={loading ? undefined : runs}
      rowKey={(run) => run.run_id}
      rowProps={(run) => ({
        'data-run-id': run.run_id,
        'data-status': run.status,
        'data-testid': 'task-run',
      })}
      loadingRows={8}
      empty={{ title: 'No task runs', description: 'Runs appear here as goals work.' }}
    />
  );
}
