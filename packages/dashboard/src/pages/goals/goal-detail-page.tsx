import { Button, Center, EmptyState, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { GoalDetail, TaskRun } from '../../api/goals';
import { DetailPage } from '../../components/detail-page';
import { PlusIcon } from '../../components/icons';
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
  const query = useGoal(goalId);
  const { data: goal, dataUpdatedAt, isFetching } = query;
  const live = goal?.status === 'active' || goal?.planning.status === 'pending';
  const runs = useGoalRuns(goalId, Boolean(live));
  useGoalLiveUpdates();
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
    <>
      <DetailPage
        query={query}
        back={{ to: '/goals', label: 'All goals' }}
        title={title}
        noun="goal"
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
        aside={(loaded) => (
          <>
            <UpdatedAgo updatedAt={dataUpdatedAt} fetching={isFetching} />
            <GoalStatusBadge value={loaded.status} size="lg" />
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
            <GoalControls goal={loaded} size="sm" onArchive={() => setArchiveOpen(true)} />
          </>
        )}
        notFound={{
          title: 'No goal with this id',
          description:
            'Check the link, or find the goal in the list: archived goals are under Archived.',
        }}
        skeleton={
          <Stack gap="lg">
            <Skeleton h={110} radius="md" />
            <Skeleton h={360} radius="md" />
          </Stack>
        }
      >
        {(loaded) => (
          <>
            <PauseReason goal={loaded} />
            <FailureReason goal={loaded} />
            <PlanFailure goal={loaded} />
            <GoalSummary goal={loaded} />
            <GraphPanel
              goal={loaded}
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
                  goal={loaded}
                  runs={goalRuns.filter((run) => run.task_id === selected.task_id)}
                  onSelect={select}
                />
              </Panel>
            ) : loaded.tasks.length > 0 ? (
              <Text size="sm" c="dimmed" ta="center">
                Select a task in the graph to see its instruction, result, error and decision trace.
              </Text>
            ) : null}
          </>
        )}
      </DetailPage>
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
    </>
  );
}
