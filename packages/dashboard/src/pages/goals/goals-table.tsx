import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Goal } from '../../api/goals';
import { RelativeTime } from '../../components/relative-time';
import {
  formatTokens,
  GoalProgress,
  GoalStatusBadge,
  goalPath,
  PriorityBadge,
} from './goal-badges';
import { GoalControls } from './goal-controls';

const COLUMNS = 7;

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

export function GoalsTable({ goals, loading, onArchive }: GoalsTableProps) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Goals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Objective</Table.Th>
            <Table.Th>Priority</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={220}>Progress</Table.Th>
            <Table.Th ta="right">Tokens</Table.Th>
            <Table.Th w={150}>Created</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 5 }, (_, row) => (
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
            : goals.map((goal) => (
                <Table.Tr
                  key={goal.goal_id}
                  data-goal-id={goal.goal_id}
                  data-status={goal.status}
                  style={{ cursor: 'pointer' }}
                  onClick={(event) => {
                    // Links and buttons in the row act for themselves; a selection is not a click.
                    if ((event.target as HTMLElement).closest('a, button')) return;
                    if (window.getSelection()?.toString()) return;
                    navigate(goalPath(goal.goal_id));
                  }}
                >
                  <Table.Td maw={420}>
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
                  </Table.Td>
                  <Table.Td>
                    <PriorityBadge priority={goal.priority} />
                  </Table.Td>
                  <Table.Td>
                    <GoalStatusBadge value={goal.status} />
                  </Table.Td>
                  <Table.Td>
                    <GoalProgress goal={goal} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace">
                      {formatTokens(goal.tokens)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={0}>
                      <RelativeTime value={goal.created_at} stacked />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" wrap="nowrap">
                      <GoalControls goal={goal} onArchive={onArchive} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
