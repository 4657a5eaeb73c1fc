import { notifications } from '@mantine/notifications';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/client';
import {
  type Confirmation,
  type Decision,
  decideConfirmation,
  fetchConfirmation,
  fetchConfirmations,
} from '../api/confirmations';

export const confirmationsQueryKey = ['confirmations'] as const;
export const pendingConfirmationsQueryKey = ['confirmations', 'pending'] as const;
/** One confirmation as last seen; outside the `confirmations` root so invalidation leaves it be. */
export const seenConfirmationQueryKey = (id: string) => ['confirmation-seen', id] as const;

/** What waits for the operator, polled every 5 s (the header badge and the chat page share it). */
export function usePendingConfirmations() {
  return useQuery({
    queryKey: pendingConfirmationsQueryKey,
    queryFn: async ({ signal }) => (await fetchConfirmations('pending', signal)).confirmations,
    refetchInterval: 5_000,
    staleTime: 2_000,
  });
}

/** Approve or deny; a confirmation someone else decided first is a notice, not a failure. */
export function useDecideConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      acknowledgeWarning = false,
    }: {
      id: string;
      decision: Decision;
      /** The operator ticked that they read the input guard's warning. */
      acknowledgeWarning?: boolean;
    }) => decideConfirmation(id, decision, acknowledgeWarning),
    meta: { inlineErrors: ['invalid_transition'] },
    onSuccess: ({ confirmation }) =>
      queryClient.setQueryData(
        seenConfirmationQueryKey(confirmation.confirmation_id),
        confirmation,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'invalid_transition') {
        notifications.show({
          color: 'yellow',
          title: 'Already decided',
          message: 'This confirmation was decided before your answer arrived (or it timed out).',
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: confirmationsQueryKey }),
  });
}

/**
 * One confirmation, as the pending list last showed it or as a decision returned it; one that is
 * in neither (a conversation read back after a reload) is read by its id. A decided one leaves
 * the pending list: this keeps what is needed to go on showing it in the conversation.
 */
export function useKnownConfirmation(id: string): Confirmation | undefined {
  const queryClient = useQueryClient();
  const pending = usePendingConfirmations();
  const found = pending.data?.find((confirmation) => confirmation.confirmation_id === id);
  const seen = useQuery({
    queryKey: seenConfirmationQueryKey(id),
    queryFn: found
      ? skipToken
      : async ({ signal }) => (await fetchConfirmation(id, signal)).confirmation,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;

  useEffect(() => {
    if (!found) return;
    // A pending copy from a poll that raced the decision must not undo the decision.
    queryClient.setQueryData<Confirmation>(seenConfirmationQueryKey(id), (previous) =>
      previous && previous.status !== 'pending' ? previous : found,
    );
  }, [found, id, queryClient]);

  if (seen && seen.status !== 'pending') return seen;
  return found ?? seen;
}
