import { useQuery } from '@tanstack/react-query';
import { fetchHealth, fetchHealthDetails } from '../api/health';

export const healthQueryKey = ['health'] as const;
export const healthDetailsQueryKey = ['health', 'details'] as const;

/** The public report, for the badge in the header. */
export function useHealth() {
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: 15_000,
  });
}

/** The report with the signals, memory and process facts behind it. */
export function useHealthDetails(refreshMs = 5_000) {
  return useQuery({
    queryKey: healthDetailsQueryKey,
    queryFn: ({ signal }) => fetchHealthDetails(signal),
    refetchInterval: refreshMs,
  });
}
