import { Alert, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GoalEvent, TaskRunFilters } from '../../api/goals';
import { plural } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import {
  taskRunsQueryKey,
  useGoalLiveUpdates,
  useGoals,
  useResetTaskRuns,
  useTaskRuns,
} from '../../hooks/use-goals';
import { TaskRunFilterBar } from './task-run-filters';
import { TaskRunsTable } from './task-runs-table';
import { hasFilters, readTaskRunFilters, writeTaskRunFilters } from './task-search-params';

/** Does a live event concern the log as filtered? */
const concerns = (event: GoalEvent, filters: TaskRunFilters) =>
  event.name !== 'goal-change' &&
  (!filters.goal_id || filters.goal_id === event.goal_id) &&
  (!filters.task_id || filters.task_id === event.task_id);

export function TasksPage() {
  const [params, setParams] = useSearchParams();
  const filters = readTaskRunFilters(params);
  const log = useTaskRuns(filters);
  const reset = useResetTaskRuns(filters);
  const goals = useGoals('all', 500);
  const queryClient = useQueryClient();
  const [newer, setNewer] = useState(false);
  const runs = log.data?.pages.flatMap((page) => page.runs) ?? [];
  const pages = log.data?.pages.length ?? 0;
  const filtered = hasFilters(filters);

  // With one page shown, a task starting or finishing reloads it; with more, reloading would
  // fetch every page again, so the newest runs are offered instead.
  useGoalLiveUpdates((event) => {
    if (!concerns(event, filters)) return;
    if (pages <= 1) void queryClient.invalidateQueries({ queryKey: taskRunsQueryKey(filters) });
    else setNewer(true);
  });

  const refresh = () => {
    setNewer(false);
    void reset();
  };
  const applyFilters = (next: TaskRunFilters) => {
    setNewer(false);
    setParams(writeTaskRunFilters(next));
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Tasks"
        description="The task execution log: one row per attempt at a goal's task, newest first, with the worker's result and a link to its decision trace."
        aside={
          <Button variant="default" onClick={refresh} loading={log.isRefetching}>
            Refresh
          </Button>
        }
      />
      <TaskRunFilterBar
        filters={filters}
        goals={goals.data ?? []}
        taskTitle={filters.task_id ? runs[0]?.title : undefined}
        onChange={applyFilters}
      />
      {newer ? (
        <Alert color="blue" variant="light" p="sm">
          <Group justify="space-between">
            <Text size="sm">Tasks started or finished since this page was loaded.</Text>
            <Button size="xs" variant="light" onClick={refresh}>
              Show the newest
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={0}>
        {!log.isPending && runs.length === 0 ? (
          <EmptyState
            py={48}
            title={
              log.isError
                ? 'The task log could not be loaded'
                : filtered
                  ? 'No attempts match these filters'
                  : 'No task has run yet'
            }
            description={
              log.isError
                ? 'The runtime did not answer the request. Try Refresh in a moment.'
                : filtered
                  ? 'Choose another goal or status, or clear the filters.'
                  : "Every attempt the workers make at a goal's task is recorded here: when it started, how long it took, its tokens and its trace."
            }
          />
        ) : (
          <TaskRunsTable
            runs={runs}
            goals={new Map((goals.data ?? []).map((goal) => [goal.goal_id, goal]))}
            loading={log.isPending}
          />
        )}
      </Paper>
      {runs.length > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="task-runs-count">
            {log.hasNextPage
              ? `Showing the newest ${plural(runs.length, 'attempt')}`
              : `All ${runs.length} ${runs.length === 1 ? 'attempt' : 'attempts'} shown`}
          </Text>
          {log.hasNextPage ? (
            <Button
              variant="light"
              onClick={() => log.fetchNextPage()}
              loading={log.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
