import { useQuery } from '@tanstack/react-query';
import { fetchExecutionState } from '../api/state';

export const stateQueryKey = ['state'] as const;

/** The execution state, read again every few seconds (and at once on a goal event). */
export function useExecutionState(refreshMs = 3_000) {
  return useQuery({
    queryKey: stateQueryKey,
    queryFn: ({ signal }) => fetchExecutionState(signal),
    refetchInterval: refreshMs,
  });
}
