import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  decideOpportunity,
  fetchOpportunities,
  type OpportunityStatus,
} from '../api/opportunities';

export const opportunitiesQueryKey = ['opportunities'] as const;
export const opportunityListQueryKey = (status: OpportunityStatus) =>
  ['opportunities', status] as const;

export function useOpportunities(status: OpportunityStatus) {
  return useQuery({
    queryKey: opportunityListQueryKey(status),
    queryFn: async ({ signal }) => (await fetchOpportunities(status, signal)).opportunities,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** Accept, dismiss or snooze; every list (and what accept created) is read again after. */
export function useDecideOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'accept' | 'dismiss' | 'snooze' }) =>
      decideOpportunity(
        input.id,
        input.action,
        input.action === 'snooze' ? { duration: '7d' } : undefined,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunitiesQueryKey }),
  });
}
