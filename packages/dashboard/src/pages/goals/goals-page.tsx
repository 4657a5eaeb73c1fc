import { Badge, Button, EmptyState, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { GOAL_STATUSES, type Goal, type GoalStatus } from '../../api/goals';
import { GoalsIcon, PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { UpdatedAgo } from '../../components/updated-ago';
import { GOAL_LIST_LIMIT, useGoalLiveUpdates, useGoals } from '../../hooks/use-goals';
import { CreateGoalDialog } from './create-goal-dialog';
import { GOAL_STATUS, goalPath } from './goal-badges';
import { ArchiveGoalDialog } from './goal-controls';
import { GoalsTable } from './goals-table';

const TABS: { value: GoalStatus | 'current'; label: string }[] = [
  { value: 'current', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'archived', label: 'Archived' },
];

const EMPTY: Record<GoalStatus | 'current', { title: string; description: string }> = {
  current: {
    title: 'No goals yet',
    description:
      'A goal is an objective the agent works on by itself: it is planned into a graph of tasks that workers run in the background. Create one, or let the agent create them through its task_manager skill.',
  },
  active: { title: 'No active goal', description: 'Goals being worked on show up here.' },
  paused: {
    title: 'No paused goal',
    description:
      'Goals paused by an operator, or by the Resource Governor over a token budget, show up here with the reason.',
  },
  completed: {
    title: 'No completed goal',
    description: 'Goals whose every task is done show up here.',
  },
  failed: {
    title: 'No failed goal',
    description: 'A goal fails when one of its tasks fails on every attempt allowed.',
  },
  archived: {
    title: 'No archived goal',
    description: 'Archived goals are kept here with their graphs.',
  },
};

const readTab = (params: URLSearchParams): GoalStatus | 'current' => {
  const status = params.get('status');
  return GOAL_STATUSES.find((value) => value === status) ?? 'current';
};

export function GoalsPage() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const list = useGoals(tab === 'current' ? undefined : tab);
  useGoalLiveUpdates();
  const navigate = useNavigate();
  const goals = list.data ?? [];
  const [creating, setCreating] = useState(false);
  // The dialog keeps its goal while it animates closed.
  const [archiving, setArchiving] = useState<Goal | null>(null);
  const [archiveOpen, setArchiveOpen] = useState(false);

  const counts = GOAL_STATUSES.map((status) => ({
    status,
    count: goals.filter((goal) => goal.status === status).length,
  })).filter(({ count }) => count > 0);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Goals"
        description="Objectives the agent works on by itself, each planned into a graph of tasks that the workers run as the Resource Governor allows. Open a goal for its task graph."
        aside={
          <>
            <UpdatedAgo updatedAt={list.dataUpdatedAt} fetching={list.isFetching} />
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
              Create goal
            </Button>
          </>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            value && value !== 'current'
              ? new URLSearchParams({ status: value })
              : new URLSearchParams(),
          )
        }
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((option) => (
            <Tabs.Tab key={option.value} value={option.value}>
              {option.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'current' && counts.length > 0 ? (
        <Group gap="xs" data-testid="goal-counts">
          <Text size="sm" c="dimmed">
            {goals.length} {goals.length === 1 ? 'goal' : 'goals'} (archived ones are under
            Archived):
          </Text>
          {counts.map(({ status, count }) => (
            <Badge key={status} variant="dot" color={GOAL_STATUS[status].color} tt="none">
              {count} {status}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Paper withBorder radius="md" p={0}>
        {list.isError && !list.data ? (
          <EmptyState
            py={48}
            title="The goals could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : !list.isPending && goals.length === 0 ? (
          <EmptyState
            py={56}
            icon={<GoalsIcon size={28} />}
            withIndicatorBackground
            title={EMPTY[tab].title}
            description={EMPTY[tab].description}
          >
            {tab === 'current' || tab === 'active' ? (
              <EmptyState.Actions>
                <Button variant="light" onClick={() => setCreating(true)}>
                  Create goal
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <GoalsTable
            goals={goals}
            loading={list.isPending}
            onArchive={(goal) => {
              setArchiving(goal);
              setArchiveOpen(true);
            }}
          />
        )}
      </Paper>
      {goals.length >= GOAL_LIST_LIMIT ? (
        <Text size="sm" c="dimmed">
          Showing the newest {GOAL_LIST_LIMIT} goals. Archive finished goals to keep the list short.
        </Text>
      ) : null}
      {creating ? (
        <CreateGoalDialog
          opened
          onClose={() => setCreating(false)}
          onCreated={(goal) => navigate(goalPath(goal.goal_id))}
        />
      ) : null}
      <ArchiveGoalDialog
        goal={archiving}
        opened={archiveOpen}
        onClose={() => setArchiveOpen(false)}
      />
    </Stack>
  );
}
