import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveProposal,
  createRule,
  deleteRule,
  fetchPendingProposals,
  fetchRules,
  type NewRule,
  type RuleChange,
  type RuleFields,
  type RuleFilters,
  rejectProposal,
  updateRule,
} from '../api/behavioral';
import { healthQueryKey } from './use-health';

export const behavioralQueryKey = ['behavioral'] as const;
export const rulesQueryKey = (filters: RuleFilters) => ['behavioral', 'rules', filters] as const;
export const pendingProposalsQueryKey = ['behavioral', 'pending'] as const;

/** Rules matching the filters, newest first; hit counts move by themselves, so it is polled. */
export function useRules(filters: RuleFilters) {
  return useQuery({
    queryKey: rulesQueryKey(filters),
    queryFn: async ({ signal }) => (await fetchRules(filters, signal)).rules,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Proposals learned from corrections arrive while the page is open. */
export function usePendingProposals() {
  return useQuery({
    queryKey: pendingProposalsQueryKey,
    queryFn: async ({ signal }) => (await fetchPendingProposals(signal)).proposals,
    refetchInterval: 15_000,
  });
}

/** Rules and proposals change together (an approval makes a rule); health counts proposals. */
function useRefreshBehavioral() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: behavioralQueryKey }),
      queryClient.invalidateQueries({ queryKey: healthQueryKey }),
    ]);
}

export function useCreateRule() {
  const refresh = useRefreshBehavioral();
  return useMutation({
    mutationFn: (rule: NewRule) => createRule(rule),
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

export function useUpdateRule() {
  const refresh = useRefreshBehavioral();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: RuleChange }) => updateRule(id, change),
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

/** The switch in the table: a failure is a toast (there is no field to show it next to). */
export function useToggleRule() {
  const refresh = useRefreshBehavioral();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => updateRule(id, { enabled }),
    onSettled: refresh,
  });
}

export function useDeleteRule() {
  const refresh = useRefreshBehavioral();
  // Its confirmation dialog shows a refusal.
  return useMutation({ mutationFn: deleteRule, onSuccess: refresh, meta: { shownByForm: true } });
}

/** From the edit dialog (`shownByForm`), which shows a refusal itself, or a card's button (a toast). */
export function useApproveProposal(shownByForm = false) {
  const refresh = useRefreshBehavioral();
  return useMutation({
    mutationFn: ({ id, edits }: { id: string; edits?: Partial<RuleFields> }) =>
      approveProposal(id, edits),
    onSettled: refresh,
    meta: { shownByForm },
  });
}

export function useRejectProposal() {
  const refresh = useRefreshBehavioral();
  return useMutation({ mutationFn: rejectProposal, onSettled: refresh });
}
