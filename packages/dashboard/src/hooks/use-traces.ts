import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchTrace, fetchTracePage, type TraceFilters } from '../api/traces';

export const TRACE_PAGE_SIZE = 50;

export const tracesQueryKey = (filters: TraceFilters) => ['traces', 'list', filters] as const;
export const traceQueryKey = (requestId: string) => ['traces', 'one', requestId] as const;
export const recentTracesQueryKey = (limit: number) => ['traces', 'recent', limit] as const;

/** Traces, newest first; each further page continues from the previous page's cursor. */
export function useTraces(filters: TraceFilters) {
  return useInfiniteQuery({
    queryKey: tracesQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchTracePage({ ...filters, limit: TRACE_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // A refetch reloads every page already loaded: only on explicit refresh or a later visit.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** A trace never changes once written. */
export function useTrace(requestId: string) {
  return useQuery({
    queryKey: traceQueryKey(requestId),
    queryFn: ({ signal }) => fetchTrace(requestId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A missing trace is shown on the page itself, not as a toast.
    meta: { inlineErrors: ['not_found'] },
  });
}

export function useRecentTraces(limit = 8) {
  return useQuery({
    queryKey: recentTracesQueryKey(limit),
    queryFn: ({ signal }) => fetchTracePage({ limit }, signal),
    refetchInterval: 15_000,
  });
}

/** Back to the newest page only (a refetch would reload every page loaded so far). */
export function useResetTraces(filters: TraceFilters) {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: tracesQueryKey(filters), exact: true });
}
