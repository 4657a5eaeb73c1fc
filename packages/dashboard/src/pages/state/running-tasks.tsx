import { Anchor, Badge, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RunningTask } from '../../api/state';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useNow } from '../../hooks/use-now';
import { formatDuration, goalPath } from '../goals/goal-badges';
import { preview } from '../traces/trace-format';

const columns = (now: number): Column<RunningTask>[] => [
  {
    key: 'goal',
    header: 'Goal',
    priority: 2,
    cell: (task) => (
      <Anchor component={Link} to={goalPath(task.goal_id)} size="sm">
        {preview(task.objective, 80)}
      </Anchor>
    ),
    truncate: (task) => task.objective,
  },
  {
    key: 'task',
    header: 'Task',
    cell: (task) => (
      <Anchor
        component={Link}
        to={`${goalPath(task.goal_id)}?task=${encodeURIComponent(task.task_id)}`}
        size="sm"
        fw={500}
        c="var(--mantine-color-text)"
      >
        <Loader size={10} mr={6} />
        {task.title}
      </Anchor>
    ),
  },
  {
    key: 'attempt',
    header: 'Attempt',
    width: 90,
    align: 'right',
    cell: (task) => (
      <Text span size="sm" ff="monospace">
        {task.attempt}
      </Text>
    ),
  },
  {
    key: 'since',
    header: 'Since',
    width: 200,
    cell: (task) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <RelativeTime value={task.since} />{' '}
        <Text span size="xs" c="dimmed" ff="monospace">
          ({formatDuration(Math.max(0, now - Date.parse(task.since)))})
        </Text>
      </Text>
    ),
  },
  {
    key: 'holder',
    header: 'Lease holder',
    priority: 3,
    cell: (task) => (
      <Text span size="sm" ff="monospace">
        {task.lease_owner || '—'}
      </Text>
    ),
    truncate: (task) => task.lease_owner,
  },
  {
    key: 'lease',
    header: 'Lease until',
    width: 130,
    priority: 2,
    cell: (task) => (task.lease_until ? <RelativeTime value={task.lease_until} /> : '—'),
  },
];

/** Tasks a worker holds right now, with the lease that keeps another worker off them. */
export function RunningTasks({ running }: { running: RunningTask[] }) {
  const now = useNow(1_000);
  return (
    <Panel
      title="Running tasks"
      aside={
        <Badge
          variant="light"
          color={running.length > 0 ? 'blue' : 'gray'}
          data-testid="running-count"
        >
          {running.length} running
        </Badge>
      }
    >
      {running.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="running-none">
          No task is running. Ready tasks start when a worker is free and the Governor allows it.
        </Text>
      ) : (
        <DataTable
          label="Running tasks"
          columns={columns(now)}
          rows={running}
          rowKey={(task) => task.run_id}
          rowProps={() => ({ 'data-testid': 'running-task' })}
          empty={{
            title: 'No task is running',
            description: 'Ready tasks start when a worker is free.',
          }}
        />
      )}
    </Panel>
  );
}
