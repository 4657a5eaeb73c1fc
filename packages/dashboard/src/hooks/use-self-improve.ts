import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import {
  type ApplyRefusal,
  type ApplyResult,
  applyProposal,
  fetchPatches,
  fetchProposals,
  type ProposalStatus,
  rejectProposal,
} from '../api/self-improve';

export const proposalsQueryKey = (status?: ProposalStatus) =>
  status
    ? (['self-improve', 'proposals', status] as const)
    : (['self-improve', 'proposals'] as const);
export const patchesQueryKey = ['self-improve', 'patches'] as const;

/** Proposals of one status, newest first; polled, since the agent proposes on its own. */
export function useProposals(status: ProposalStatus) {
  return useQuery({
    queryKey: proposalsQueryKey(status),
    queryFn: async ({ signal }) => (await fetchProposals(status, signal)).proposals,
    refetchInterval: 15_000,
  });
}

export function usePatches() {
  return useQuery({
    queryKey: patchesQueryKey,
    queryFn: async ({ signal }) => (await fetchPatches(signal)).patches,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['self-improve'] });
}

export type ApplyOutcome =
  | { applied: true; result: ApplyResult }
  | { applied: false; status: number; refusal: ApplyRefusal };

/**
 * Apply a proposal. A refusal (a syntax error, the gate's block, a file changed meanwhile, a
 * proposal already decided) is an answer to show on the proposal, not a failure for a toast:
 * its `error` is the rejection text itself, so it cannot be listed as an inline error code.
 */
export function useApplyProposal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string): Promise<ApplyOutcome> => {
      try {
        return { applied: true, result: await applyProposal(id) };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const body = error.body as Partial<ApplyRefusal> | undefined;
        if (body?.ok === false || error.code === 'invalid_transition') {
          return {
            applied: false,
            status: error.status,
            refusal: {
              ok: false,
              error: error.message,
              ...(body?.gate ? { gate: body.gate } : {}),
            },
          };
        }
        throw error;
      }
    },
    onSettled: refresh,
    // Any other refusal shows in the apply dialog.
    meta: { shownByForm: true },
  });
}

export function useRejectProposal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: rejectProposal,
    onSettled: refresh,
    meta: { inlineErrors: ['invalid_transition'] },
  });
}
