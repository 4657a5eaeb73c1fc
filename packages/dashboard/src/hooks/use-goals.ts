import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  addGoalTask,
  commandGoal,
  createGoal,
  fetchGoal,
  fetchGoals,
  fetchTaskRuns,
  type GoalCommand,
  type GoalDetail,
  type GoalEvent,
  type GoalListStatus,
  type NewTask,
  openGoalEvents,
  type TaskRunFilters,
} from '../api/goals';
import { stateQueryKey } from './use-state';

export const GOAL_LIST_LIMIT = 200;
export const TASK_RUN_PAGE_SIZE = 50;
/** The runtime's cap on one page of the execution log. */
const GOAL_RUNS_LIMIT = 500;

export const goalsQueryKey = ['goals'] as const;
export const goalListQueryKey = (status: GoalListStatus, limit: number) =>
  ['goals', 'list', status ?? 'current', limit] as const;
export const goalQueryKey = (id: string) => ['goals', 'one', id] as const;
export const goalRunsQueryKey = (id: string) => ['goals', 'runs', id] as const;
export const taskRunsRootKey = ['tasks'] as const;
export const taskRunsQueryKey = (filters: TaskRunFilters) => ['tasks', 'list', filters] as const;

const isLive = (goal: GoalDetail | undefined) =>
  goal?.status === 'active' || goal?.planning.status === 'pending';

/**
 * Goals, newest first: `undefined` for every goal but archived ones. Polled; the live feed
 * (useGoalLiveUpdates) refreshes it as soon as something changes.
 */
export function useGoals(status: GoalListStatus, limit = GOAL_LIST_LIMIT) {
  return useQuery({
    queryKey: goalListQueryKey(status, limit),
    queryFn: async ({ signal }) => (await fetchGoals(status, limit, signal)).goals,
    refetchInterval: 10_000,
  });
}

/** One goal with its task graph; polled fast while it works, in case the live feed is gone. */
export function useGoal(id: string) {
  return useQuery({
    queryKey: goalQueryKey(id),
    queryFn: ({ signal }) => fetchGoal(id, signal),
    refetchInterval: (query) =>
      query.state.error ? false : isLive(query.state.data) ? 3_000 : 30_000,
    meta: { inlineErrors: ['not_found'] },
  });
}

/** Every attempt of one goal's tasks (durations, running since, traces of failed attempts). */
export function useGoalRuns(id: string, live: boolean) {
  return useQuery({
    queryKey: goalRunsQueryKey(id),
    queryFn: async ({ signal }) =>
      (await fetchTaskRuns({ goal_id: id, limit: GOAL_RUNS_LIMIT }, signal)).runs,
    refetchInterval: live ? 3_000 : 30_000,
  });
}

/** The execution log, newest first; each further page continues from the previous cursor. */
export function useTaskRuns(filters: TaskRunFilters) {
  return useInfiniteQuery({
    queryKey: taskRunsQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchTaskRuns({ ...filters, limit: TASK_RUN_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // A refetch reloads every page already loaded, so only the first page alone is polled; the
    // page offers the newest runs when more are loaded (see TasksPage).
    refetchInterval: (query) => ((query.state.data?.pages.length ?? 0) <= 1 ? 10_000 : false),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** Back to the newest page only (a refetch would reload every page loaded so far). */
export function useResetTaskRuns(filters: TaskRunFilters) {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: taskRunsQueryKey(filters), exact: true });
}

/** Refreshes what a goal change touches: the lists, that goal, its runs and the state page. */
function refreshGoals(queryClient: QueryClient, goalIds: Iterable<string>) {
  void queryClient.invalidateQueries({ queryKey: ['goals', 'list'] });
  void queryClient.invalidateQueries({ queryKey: stateQueryKey });
  for (const id of goalIds) {
    void queryClient.invalidateQueries({ queryKey: goalQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: goalRunsQueryKey(id) });
  }
}

/**
 * Follows goal-change, task-start and task-finish on the live feed while a page shows goals.
 * Events arriving close together (a task finishing starts the next) cause one refresh. The
 * execution log is left to `onEvent`: refetching it reloads every page loaded so far.
 */
export function useGoalLiveUpdates(onEvent?: (event: GoalEvent) => void) {
  const queryClient = useQueryClient();
  const callback = useRef(onEvent);
  callback.current = onEvent;
  useEffect(() => {
    const pending = new Set<string>();
    let timer: number | undefined;
    const close = openGoalEvents((event) => {
      callback.current?.(event);
      pending.add(event.goal_id);
      timer ??= window.setTimeout(() => {
        timer = undefined;
        refreshGoals(queryClient, pending);
        pending.clear();
      }, 150);
    });
    return () => {
      close();
      window.clearTimeout(timer);
    };
  }, [queryClient]);
}

function useRefreshGoal() {
  const queryClient = useQueryClient();
  return (id?: string) => refreshGoals(queryClient, id ? [id] : []);
}

export function useCreateGoal() {
  const refresh = useRefreshGoal();
  return useMutation({
    mutationFn: createGoal,
    onSuccess: (goal) => refresh(goal.goal_id),
    meta: { shownByForm: true },
  });
}

/**
 * Pause, resume or archive. A refused transition (the Governor or another operator changed the
 * goal meanwhile) is reported by the caller, and the goal is read again either way. From the
 * archive dialog (`shownByForm`) any other refusal shows in the dialog, else in a toast.
 */
export function useGoalCommand(shownByForm = false) {
  const refresh = useRefreshGoal();
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: GoalCommand }) => commandGoal(id, command),
    onSettled: (_result, _error, { id }) => refresh(id),
    meta: { inlineErrors: ['invalid_transition'], shownByForm },
  });
}

export function useAddGoalTask(goalId: string) {
  const refresh = useRefreshGoal();
  return useMutation({
    mutationFn: (task: NewTask) => addGoalTask(goalId, task),
    onSuccess: () => refresh(goalId),
    meta: { shownByForm: true },
  });
}
