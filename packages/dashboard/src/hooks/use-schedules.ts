import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  createSchedule,
  deleteSchedule,
  fetchRuns,
  fetchSchedule,
  fetchSchedules,
  openScheduleRuns,
  previewCron,
  runSchedule,
  type ScheduleFields,
  type ScheduleRunEvent,
  updateSchedule,
} from '../api/schedules';

export const RUN_PAGE_SIZE = 25;

export const schedulesQueryKey = ['schedules'] as const;
export const scheduleListQueryKey = ['schedules', 'list'] as const;
export const scheduleQueryKey = (id: string) => ['schedules', 'one', id] as const;
export const scheduleRunsQueryKey = (id: string) => ['schedules', 'runs', id] as const;
export const cronPreviewQueryKey = (cron: string, timeZone: string, count: number) =>
  ['schedules', 'preview', cron, timeZone, count] as const;

/** Every schedule, newest first. Polled: next and last runs move by themselves. */
export function useSchedules() {
  return useQuery({
    queryKey: scheduleListQueryKey,
    queryFn: async ({ signal }) => (await fetchSchedules(signal)).schedules,
    refetchInterval: 20_000,
  });
}

export function useSchedule(id: string) {
  return useQuery({
    queryKey: scheduleQueryKey(id),
    queryFn: ({ signal }) => fetchSchedule(id, signal),
    // A deleted schedule stays deleted.
    refetchInterval: (query) => (query.state.error ? false : 20_000),
    meta: { inlineErrors: ['not_found'] },
  });
}

/** The run history, newest first; each further page continues from the previous cursor. */
export function useScheduleRuns(id: string) {
  return useInfiniteQuery({
    queryKey: scheduleRunsQueryKey(id),
    queryFn: ({ pageParam, signal }) =>
      fetchRuns(id, { limit: RUN_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // A run in progress ends by itself.
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.runs.some((run) => run.status === 'running') ? 2_000 : 30_000,
    meta: { inlineErrors: ['not_found'] },
  });
}

/**
 * The next occurrences of a cron expression in a zone, for the form as the operator types. A
 * refused expression is the answer to show next to the field, never a toast; the previous
 * answer stays on screen while the next one loads.
 */
export function useCronPreview(cron: string, timeZone: string, count = 5) {
  const expression = cron.trim();
  return useQuery({
    queryKey: cronPreviewQueryKey(expression, timeZone, count),
    queryFn: ({ signal }) => previewCron({ cron: expression, time_zone: timeZone, count }, signal),
    enabled: expression.length > 0 && timeZone.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    meta: { inlineErrors: ['validation_error'] },
  });
}

/**
 * Follows `schedule-run` on the live feed: a run starting or ending refreshes the list, that
 * schedule and its runs. `onRun` also hears the polls of subscriptions, which share the event.
 */
export function useScheduleLiveUpdates(onRun?: (event: ScheduleRunEvent) => void) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openScheduleRuns((run) => {
        void queryClient.invalidateQueries({ queryKey: scheduleListQueryKey });
        void queryClient.invalidateQueries({ queryKey: scheduleQueryKey(run.schedule_id) });
        void queryClient.invalidateQueries({ queryKey: scheduleRunsQueryKey(run.schedule_id) });
        onRun?.(run);
      }),
    [queryClient, onRun],
  );
}

function useRefreshSchedules() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: schedulesQueryKey,
      predicate: (query) => query.queryKey[1] !== 'preview',
    });
}

export function useCreateSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

export function useUpdateSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ScheduleFields }) =>
      updateSchedule(id, change),
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

/** The enabled switch: a failure is a toast, and the list is re-read either way. */
export function useToggleSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      updateSchedule(id, { enabled }),
    onSettled: refresh,
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: scheduleQueryKey(id) });
      queryClient.removeQueries({ queryKey: scheduleRunsQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: scheduleListQueryKey });
    },
    // Its confirmation dialog shows a refusal.
    meta: { shownByForm: true },
  });
}

export function useRunSchedule() {
  const refresh = useRefreshSchedules();
  return useMutation({ mutationFn: runSchedule, onSettled: refresh });
}
