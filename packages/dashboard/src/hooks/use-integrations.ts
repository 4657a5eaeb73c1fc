import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ExecuteRequest,
  executeIntegrationAction,
  fetchIntegration,
  fetchIntegrationCalls,
  fetchIntegrations,
  type RiskLevel,
  removeIntegrationCredentials,
  resetIntegrationBreaker,
  setActionPolicy,
  setIntegrationBaseUrl,
  setIntegrationCredentials,
  testIntegration,
} from '../api/integrations';
import type { ErrorMeta } from '../query-client';

/** Everything below this key (list, one connector, its calls) is read again after a change. */
export const integrationsQueryKey = ['integrations'] as const;
const detailKey = (id: string) => ['integrations', 'detail', id] as const;
const callsKey = (id: string) => ['integrations', 'calls', id] as const;

/** How many recent calls the connector page shows. */
export const RECENT_CALLS = 20;

/** Breakers and counts change with the model's calls too, so the views poll. */
const POLL_MS = 10_000;

export function useIntegrations() {
  return useQuery({
    queryKey: [...integrationsQueryKey, 'list'],
    queryFn: async ({ signal }) => (await fetchIntegrations(signal)).integrations,
    refetchInterval: POLL_MS,
  });
}

export function useIntegration(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => fetchIntegration(id, signal),
    refetchInterval: POLL_MS,
  });
}

export function useIntegrationCalls(id: string) {
  return useQuery({
    queryKey: callsKey(id),
    queryFn: async ({ signal }) => (await fetchIntegrationCalls(id, RECENT_CALLS, signal)).calls,
    refetchInterval: POLL_MS,
  });
}

const FORM: ErrorMeta = { shownByForm: true };

/** A mutation of one connector after which its state, list row and calls are read again. */
function useIntegrationMutation<T, V>(fn: (variables: V) => Promise<T>, meta?: ErrorMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...(meta ? { meta } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}

export const useSetCredentials = (id: string) =>
  useIntegrationMutation(
    (values: Record<string, string>) => setIntegrationCredentials(id, values),
    FORM,
  );

export const useRemoveCredentials = (id: string) =>
  useIntegrationMutation(() => removeIntegrationCredentials(id), FORM);

export const useSetBaseUrl = (id: string) =>
  useIntegrationMutation((baseUrl: string | null) => setIntegrationBaseUrl(id, baseUrl), FORM);

export const useSetActionPolicy = (id: string) =>
  useIntegrationMutation(
    ({ action, ...change }: { action: string; risk?: RiskLevel | null; enabled?: boolean }) =>
      setActionPolicy(id, action, change),
  );

export const useTestIntegration = (id: string) => useIntegrationMutation(() => testIntegration(id));

export const useResetBreaker = (id: string) =>
  useIntegrationMutation(() => resetIntegrationBreaker(id));

/** Execute errors (policy, credentials, circuit, upstream) show next to the call, not as toasts. */
export const useExecuteAction = (id: string) =>
  useIntegrationMutation((body: ExecuteRequest) => executeIntegrationAction(id, body), FORM);
