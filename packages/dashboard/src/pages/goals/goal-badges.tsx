import { Badge, type BadgeProps, Group, Loader, Progress, Text, Tooltip } from '@mantine/core';
import type { Goal, GoalStatus, RunStatus, TaskStatus } from '../../api/goals';

type Props<T> = Omit<BadgeProps, 'color' | 'children'> & { value: T };

/** Where a goal's page is. */
export const goalPath = (goalId: string) => `/goals/${encodeURIComponent(goalId)}`;

export const GOAL_STATUS: Record<GoalStatus, { color: string; hint: string }> = {
  active: { color: 'blue', hint: 'Its ready tasks run as the Resource Governor allows' },
  paused: { color: 'yellow', hint: 'No new task starts until it is resumed' },
  completed: { color: 'green', hint: 'Every task is done' },
  failed: { color: 'red', hint: 'A task failed too many times' },
  archived: { color: 'gray', hint: 'Put away; tasks that had not started were cancelled' },
};

/** Each task status's colour (a Mantine palette name) and what it means. */
export const TASK_STATUS: Record<TaskStatus, { color: string; label: string; hint: string }> = {
  pending: { color: 'gray', label: 'Pending', hint: 'Waits for the tasks it depends on' },
  ready: { color: 'cyan', label: 'Ready', hint: 'Waits for a worker and the Governor' },
  running: { color: 'blue', label: 'Running', hint: 'A worker is running it now' },
  done: { color: 'green', label: 'Done', hint: 'Finished' },
  failed: { color: 'red', label: 'Failed', hint: 'Failed too many times' },
  cancelled: {
    color: 'gray',
    label: 'Cancelled',
    hint: 'The goal was archived or failed before it started',
  },
};

const RUN_COLORS: Record<RunStatus, string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
  lost: 'orange',
  interrupted: 'gray',
};

const RUN_HINTS: Record<RunStatus, string> = {
  running: 'A worker is running this attempt now',
  done: 'The attempt succeeded',
  failed: 'The attempt failed',
  lost: 'Its worker stopped without finishing; counted as a failed attempt',
  interrupted: 'The runtime shut down during the attempt; it does not count',
};

export function GoalStatusBadge({ value, ...props }: Props<GoalStatus>) {
  const status = GOAL_STATUS[value] ?? { color: 'gray', hint: value };
  return (
    <Tooltip label={status.hint} withArrow>
      <Badge
        variant="light"
        color={status.color}
        miw="max-content"
        data-testid="goal-status"
        data-status={value}
        {...props}
      >
        {value}
      </Badge>
    </Tooltip>
  );
}

export function TaskStatusBadge({ value, ...props }: Props<TaskStatus>) {
  const status = TASK_STATUS[value] ?? { color: 'gray', label: value, hint: value };
  return (
    <Badge
      variant={value === 'running' ? 'filled' : 'light'}
      color={status.color}
      miw="max-content"
      title={status.hint}
      leftSection={value === 'running' ? <Loader size={10} color="white" /> : undefined}
      {...props}
    >
      {value}
    </Badge>
  );
}

export function RunStatusBadge({ value, ...props }: Props<RunStatus>) {
  return (
    <Badge
      variant="light"
      color={RUN_COLORS[value] ?? 'gray'}
      miw="max-content"
      title={RUN_HINTS[value]}
      leftSection={value === 'running' ? <Loader size={10} color="blue" /> : undefined}
      {...props}
    >
      {value}
    </Badge>
  );
}

/** The share of tasks done as a bar, with the counts under it. */
export function GoalProgress({
  goal,
  size = 'md',
}: {
  goal: Pick<Goal, 'progress' | 'status' | 'tasks_done' | 'tasks_total'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const color =
    goal.status === 'failed'
      ? 'red'
      : goal.status === 'completed'
        ? 'green'
        : goal.status === 'paused'
          ? 'yellow'
          : goal.status === 'archived'
            ? 'gray'
            : 'blue';
  return (
    <Group gap="xs" wrap="nowrap" w="100%">
      <Progress
        value={goal.progress}
        color={color}
        size={size}
        radius="xl"
        style={{ flex: 1, minWidth: 60 }}
        striped={goal.status === 'active' && goal.progress < 100}
        animated={goal.status === 'active' && goal.progress < 100}
        aria-label={`Progress ${goal.progress} %`}
        data-testid="goal-progress"
        data-progress={goal.progress}
      />
      <Text size="xs" c="dimmed" ff="monospace" miw="max-content">
        {goal.tasks_total > 0 ? `${goal.tasks_done}/${goal.tasks_total}` : '—'} · {goal.progress}%
      </Text>
    </Group>
  );
}

/** 840 -> "840 ms", 12_345 -> "12.3 s", 200_000 -> "3 m 20 s". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} m ${Math.round((ms % 60_000) / 1_000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} m`;
}

export const formatTokens = (tokens: number) => tokens.toLocaleString('en-US');
