import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ScheduleRunEvent } from '../api/schedules';
import {
  checkSubscription,
  createSubscription,
  deleteSubscription,
  fetchFeedItems,
  fetchQuoteSources,
  fetchSubscriptions,
  type SubscriptionChange,
  updateSubscription,
} from '../api/subscriptions';
import { useScheduleLiveUpdates } from './use-schedules';

export const ITEM_PAGE_SIZE = 30;

export const subscriptionsQueryKey = ['subscriptions'] as const;
export const subscriptionListQueryKey = ['subscriptions', 'list'] as const;
export const feedItemsQueryKey = (id: string) => ['subscriptions', 'items', id] as const;
export const quoteSourcesQueryKey = ['subscriptions', 'quote-sources'] as const;

/** Every feed and price alert, oldest first; polled, since the runtime polls them on its own. */
export function useSubscriptions() {
  return useQuery({
    queryKey: subscriptionListQueryKey,
    queryFn: async ({ signal }) => (await fetchSubscriptions(signal)).subscriptions,
    refetchInterval: 30_000,
  });
}

/** The items a feed has seen, newest first; read while `enabled` (a drawer open). */
export function useFeedItems(id: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: feedItemsQueryKey(id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      fetchFeedItems(id ?? '', { limit: ITEM_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: enabled && Boolean(id),
  });
}

/** The sources a price alert can read; they are fixed for a runtime version. */
export function useQuoteSources() {
  return useQuery({
    queryKey: quoteSourcesQueryKey,
    queryFn: async ({ signal }) => (await fetchQuoteSources(signal)).sources,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A poll in the background (`schedule-run` with a subscription's id) refreshes the list. */
export function useSubscriptionLiveUpdates() {
  const queryClient = useQueryClient();
  const onRun = useCallback(
    (run: ScheduleRunEvent) => {
      if (run.kind !== 'feed' && run.kind !== 'price_alert') return;
      void queryClient.invalidateQueries({ queryKey: subscriptionListQueryKey });
      if (run.kind === 'feed')
        void queryClient.invalidateQueries({ queryKey: feedItemsQueryKey(run.schedule_id) });
    },
    [queryClient],
  );
  useScheduleLiveUpdates(onRun);
}

function useRefreshSubscriptions() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: subscriptionsQueryKey,
      predicate: (query) => query.queryKey[1] !== 'quote-sources',
    });
}

export function useCreateSubscription() {
  const refresh = useRefreshSubscriptions();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

export function useUpdateSubscription() {
  const refresh = useRefreshSubscriptions();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SubscriptionChange }) =>
      updateSubscription(id, change),
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

/** Pause or resume: a failure is a toast, and the list is re-read either way. */
export function useToggleSubscription() {
  const refresh = useRefreshSubscriptions();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      updateSubscription(id, { enabled }),
    onSettled: refresh,
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: feedItemsQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: subscriptionListQueryKey });
    },
    // Its confirmation dialog shows a refusal.
    meta: { shownByForm: true },
  });
}

/** Polls now; a failed poll is an answer (`ok: false`), not an error. */
export function useCheckSubscription() {
  const refresh = useRefreshSubscriptions();
  return useMutation({ mutationFn: checkSubscription, onSettled: refresh });
}
