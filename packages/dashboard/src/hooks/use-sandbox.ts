import { useQuery } from '@tanstack/react-query';
import { fetchIsolation } from '../api/sandbox';

export const sandboxQueryKey = ['sandbox'] as const;

/** The isolation is probed once at the runtime's start, so it does not change while it runs. */
export function useIsolation() {
  return useQuery({
    queryKey: sandboxQueryKey,
    queryFn: ({ signal }) => fetchIsolation(signal),
    staleTime: 5 * 60_000,
  });
}
