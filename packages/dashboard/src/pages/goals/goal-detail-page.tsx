import {
  Anchor,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { GoalDetail, TaskRun } from '../../api/goals';
import { ChevronIcon, PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { UpdatedAgo } from '../../components/updated-ago';
import { useGoal, useGoalLiveUpdates, useGoalRuns } from '../../hooks/use-goals';
import { AddTaskDialog } from './add-task-dialog';
import { GoalStatusBadge } from './goal-badges';
import { ArchiveGoalDialog, GoalControls } from './goal-controls';
import { FailureReason, GoalSummary, PauseReason, PlanFailure } from './goal-summary';
import { TaskDetails } from './task-details';
import { TaskGraph } from './task-graph';
import { TaskGraphLegend } from './task-graph-legend';

const TITLE_LENGTH = 90;

function GraphPanel({
  goal,
  runs,
  selected,
  onSelect,
}: {
  goal: GoalDetail;
  runs: TaskRun[];
  selected: string | null;
  onSelect: (taskId: string) => void;
}) {
  const counts: Record<string, number> = {};
  for (const task of goal.tasks) counts[task.status] = (counts[task.status] ?? 0) + 1;
  return (
    <Panel
      title="Task graph"
      aside={
        <Text size="xs" c="dimmed">
          Dependencies run left to right · click a task for its details
        </Text>
      }
    >
      {goal.tasks.length > 0 ? (
        <>
          <TaskGraph goal={goal} runs={runs} selected={selected} onSelect={onSelect} />
          <TaskGraphLegend counts={counts} />
        </>
      ) : goal.planning.status === 'pending' ? (
        <Center py={48}>
          <Stack align="center" gap="xs" data-testid="graph-planning">
            <Loader />
            <Text fw={500}>Planning the goal</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              The model is splitting the objective into tasks with their dependencies. The graph
              appears here as soon as the plan is written.
            </Text>
          </Stack>
        </Center>
      ) : (
        <EmptyState
          size="sm"
          title="No tasks"
          description="This goal has no task. Add one to give the workers something to run."
        />
      )}
    </Panel>
  );
}

export function GoalDetailPage() {
  const { goal_id: goalId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { data: goal, error, isPending, refetch, dataUpdatedAt, isFetching } = useGoal(goalId);
  const live = goal?.status === 'active' || goal?.planning.status === 'pending';
  const runs = useGoalRuns(goalId, Boolean(live));
  useGoalLiveUpdates();
  const missing = error instanceof ApiError && error.status === 404;
  const [adding, setAdding] = useState(false);
  const [archiveOpen, setArchiveOpen] = useState(false);

  const selectedId = params.get('task');
  const selected = goal?.tasks.find((task) => task.task_id === selectedId) ?? null;
  const select = (taskId: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (taskId && taskId !== selectedId) next.set('task', taskId);
        else next.delete('task');
        return next;
      },
      { replace: true },
    );
  const canExpand = goal?.status === 'active' || goal?.status === 'paused';
  const title = goal
    ? goal.objective.length > TITLE_LENGTH
      ? `${goal.objective.slice(0, TITLE_LENGTH - 1).trimEnd()}…`
      : goal.objective
    : 'Goal';
  const goalRuns = runs.data ?? [];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/goals" size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <ChevronIcon size={14} style={{ transform: 'rotate(180deg)' }} />
          All goals
        </Group>
      </Anchor>
      <PageHeader
        title={title}
        description={
          goal ? (
            <>
              {goal.objective.length > TITLE_LENGTH ? (
                <Text span size="sm" display="block" mb={4} style={{ overflowWrap: 'anywhere' }}>
                  {goal.objective}
                </Text>
              ) : null}
              Goal{' '}
              <Text span ff="monospace" size="sm">
                {goal.goal_id}
              </Text>{' '}
              · created by {goal.created_by} <RelativeTime value={goal.created_at} />
            </>
          ) : undefined
        }
        aside={
          goal ? (
            <>
              <UpdatedAgo updatedAt={dataUpdatedAt} fetching={isFetching} />
              <GoalStatusBadge value={goal.status} size="lg" />
              {canExpand ? (
                <Button
                  size="sm"
                  variant="light"
                  leftSection={<PlusIcon size={16} />}
                  onClick={() => setAdding(true)}
                >
                  Add task
                </Button>
              ) : null}
              <GoalControls goal={goal} size="sm" onArchive={() => setArchiveOpen(true)} />
            </>
          ) : null
        }
      />
      {goal ? (
        <>
          <PauseReason goal={goal} />
          <FailureReason goal={goal} />
          <PlanFailure goal={goal} />
          <GoalSummary goal={goal} />
          <GraphPanel
            goal={goal}
            runs={goalRuns}
            selected={selected?.task_id ?? null}
            onSelect={select}
          />
          {selected ? (
            <Panel
              title="Task"
              aside={
                <Button variant="subtle" size="xs" color="gray" onClick={() => select(null)}>
                  Close
                </Button>
              }
            >
              <TaskDetails
                task={selected}
                goal={goal}
                runs={goalRuns.filter((run) => run.task_id === selected.task_id)}
                onSelect={select}
              />
            </Panel>
          ) : goal.tasks.length > 0 ? (
            <Text size="sm" c="dimmed" ta="center">
              Select a task in the graph to see its instruction, result, error and decision trace.
            </Text>
          ) : null}
        </>
      ) : isPending ? (
        <Stack gap="lg">
          <Skeleton h={110} radius="md" />
          <Skeleton h={360} radius="md" />
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title={missing ? 'No goal with this id' : 'The goal could not be loaded'}
            description={
              missing
                ? 'Check the link, or find the goal in the list: archived goals are under Archived.'
                : 'The runtime did not answer the request.'
            }
          >
            <EmptyState.Actions>
              {missing ? null : (
                <Button variant="light" onClick={() => refetch()}>
                  Try again
                </Button>
              )}
              <Button component={Link} to="/goals" variant="default">
                Back to the goals
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}
      {adding && goal ? (
        <AddTaskDialog
          opened
          goal={goal}
          initialDependsOn={selected ? [selected.task_id] : []}
          onClose={() => setAdding(false)}
          onAdded={(task) => select(task.task_id)}
        />
      ) : null}
      <ArchiveGoalDialog
        goal={goal ?? null}
        opened={archiveOpen}
        onClose={() => setArchiveOpen(false)}
      />
    </Stack>
  );
}
