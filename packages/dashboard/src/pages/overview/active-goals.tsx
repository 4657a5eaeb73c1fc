import { Anchor, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Panel } from '../../components/panel';
import { PriorityBadge } from '../../components/priority-badge';
import { useGoals } from '../../hooks/use-goals';
import { useExecutionState } from '../../hooks/use-state';
import { GoalProgress, goalPath } from '../goals/goal-badges';

const SHOWN = 5;

/** The active goals the workers are on, most urgent first, each with its progress. */
export function ActiveGoals() {
  const { data, isPending, isError } = useGoals('active');
  const state = useExecutionState(10_000);
  const counts = state.data?.counts;
  const active = data ?? [];
  // The list comes newest first; the most urgent matter most here.
  const shown = [...active].sort((a, b) => b.priority - a.priority).slice(0, SHOWN);

  return (
    <Panel
      title="Active goals"
      aside={
        <Anchor component={Link} to="/goals" size="sm">
          {active.length > SHOWN ? `All ${active.length} active goals` : 'View all goals'}
        </Anchor>
      }
    >
      {isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      ) : shown.length === 0 ? (
        <EmptyState
          size="sm"
          title={isError ? 'Goals could not be loaded' : 'No active goal'}
          description="Goals are objectives the agent works on by itself, planned into tasks that run in the background."
        />
      ) : (
        <Stack gap="md" data-testid="active-goals">
          {shown.map((goal) => (
            <Stack key={goal.goal_id} gap={4} data-goal-id={goal.goal_id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor
                  component={Link}
                  to={goalPath(goal.goal_id)}
                  size="sm"
                  fw={500}
                  c="var(--mantine-color-text)"
                  underline="hover"
                  truncate
                  title={goal.objective}
                  style={{ minWidth: 0 }}
                >
                  {goal.objective}
                </Anchor>
                <PriorityBadge priority={goal.priority} />
              </Group>
              <GoalProgress goal={goal} size="sm" />
            </Stack>
          ))}
          {active.length > SHOWN ? (
            <Text size="xs" c="dimmed">
              and {active.length - SHOWN} more
            </Text>
          ) : null}
        </Stack>
      )}
      {counts ? (
        <Anchor
          component={Link}
          to="/state"
          size="xs"
          c="dimmed"
          underline="hover"
          data-testid="task-queue-depths"
        >
          Tasks: {counts.running} running · {counts.ready} ready · {counts.queued} queued ·{' '}
          {counts.pending} pending
        </Anchor>
      ) : null}
    </Panel>
  );
}
