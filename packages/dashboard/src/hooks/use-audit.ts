import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AuditFilters, fetchAuditPage } from '../api/audit';

export const AUDIT_PAGE_SIZE = 50;

export const auditQueryKey = (filters: AuditFilters) => ['audit', filters] as const;
export const recentAuditQueryKey = (limit: number) => ['audit', 'recent', limit] as const;

/** The log, newest first; each further page continues from the previous page's cursor. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchAuditPage({ ...filters, limit: AUDIT_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // A refetch reloads every page already loaded, one after another: only on explicit refresh
    // or when the page is opened again after a while.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

export function useRecentAudit(limit = 10) {
  return useQuery({
    queryKey: recentAuditQueryKey(limit),
    queryFn: ({ signal }) => fetchAuditPage({ limit }, signal),
    refetchInterval: 15_000,
  });
}

/** Back to the newest page only (a refetch would reload every page loaded so far). */
export function useResetAuditLog(filters: AuditFilters) {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: auditQueryKey(filters), exact: true });
}
