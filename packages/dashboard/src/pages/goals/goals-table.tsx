import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Goal } from '../../api/goals';
import { type Column, DataTable } from '../../components/data-table';
import { PriorityBadge } from '../../components/priority-badge';
import { RelativeTime } from '../../components/relative-time';
import { formatTokens, GoalProgress, GoalStatusBadge, goalPath } from './goal-badges';
import { GoalControls } from './goal-controls';

/** The pause reason under the objective: the operator must not miss why a goal stands still. */
function PauseLine({ goal }: { goal: Goal }) {
  if (goal.status !== 'paused') return null;
  const byGovernor = goal.paused_by === 'governor';
  return (
    <Text
      size="xs"
      fw={600}
      c={byGovernor ? 'orange.8' : 'yellow.9'}
      data-testid="goal-pause-reason"
      style={{ overflowWrap: 'anywhere' }}
    >
      {byGovernor ? 'Resource Governor: ' : 'Paused: '}
      {goal.pause_reason ?? 'no reason recorded'}
    </Text>
  );
}

interface GoalsTableProps {
  goals: Goal[];
  loading: boolean;
  onArchive: (goal: Goal) => void;
}

function columns(onArchive: (goal: Goal) => void): Column<Goal>[] {
  return [
    {
      key: 'objective',
      header: 'Objective',
      cell: (goal) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={goalPath(goal.goal_id)}
            size="sm"
            fw={500}
            c="var(--mantine-color-text)"
            underline="hover"
            lineClamp={2}
            title={goal.objective}
          >
            {goal.objective}
          </Anchor>
          <PauseLine goal={goal} />
        </Stack>
      ),
    },
    {
      key: 'priority',
      header: 'Priority',
      width: 90,
      priority: 2,
      cell: (goal) => <PriorityBadge priority={goal.priority} />,
    },
    {
      key: 'status',
      header: 'Status',
      width: 130,
      cell: (goal) => <GoalStatusBadge value={goal.status} />,
    },
    {
      key: 'progress',
      header: 'Progress',
      width: 200,
      priority: 2,
      cell: (goal) => <GoalProgress goal={goal} size="sm" />,
    },
    {
      key: 'tokens',
      header: 'Tokens',
      width: 90,
      align: 'right',
      priority: 3,
      cell: (goal) => (
        <Text span size="sm" ff="monospace">
          {formatTokens(goal.tokens)}
        </Text>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      width: 140,
      priority: 3,
      cell: (goal) => <RelativeTime value={goal.created_at} stacked />,
    },
    {
      key: 'controls',
      header: <VisuallyHidden>Controls</VisuallyHidden>,
      width: 200,
      align: 'right',
      cell: (goal) => (
        <Group justify="flex-end" wrap="nowrap">
          <GoalControls goal={goal} onArchive={onArchive} />
        </Group>
      ),
    },
  ];
}

export function GoalsTable({ goals, loading, onArchive }: GoalsTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Goals"
      columns={columns(onArchive)}
      rows={loading ? undefined : goals}
      rowKey={(goal) => goal.goal_id}
      rowProps={(goal) => ({ 'data-goal-id': goal.goal_id, 'data-status': goal.status })}
      onRowClick={(goal) => navigate(goalPath(goal.goal_id))}
      empty={{ title: 'No goals', description: 'Goals appear here once created.' }}
    />
  );
}
