import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addProvider,
  type DefaultModel,
  fetchCatalog,
  fetchModels,
  type ProviderChange,
  removeProvider,
  setDefaultModel,
  testProvider,
  updateProvider,
} from '../api/models';
import { healthQueryKey } from './use-health';

export const modelsQueryKey = ['models'] as const;
export const catalogQueryKey = (providerId: string) => ['models', 'catalog', providerId] as const;

export function useModels() {
  return useQuery({ queryKey: modelsQueryKey, queryFn: ({ signal }) => fetchModels(signal) });
}

/**
 * A provider's own model list, read only when asked for (it calls the provider). `enabled: false`
 * keeps what was read on screen without reading again (a drawer closing, a provider removed).
 */
export function useCatalog(providerId: string | null, enabled = true) {
  return useQuery({
    queryKey: catalogQueryKey(providerId ?? ''),
    queryFn: ({ signal }) => fetchCatalog(providerId ?? '', signal),
    enabled: enabled && Boolean(providerId),
    staleTime: 5 * 60_000,
    retry: false,
    // Every failure, the provider's or the runtime's, is shown where the catalog would be.
    meta: { shownByForm: true },
  });
}

/** After a change the list, every catalog and the model's health may all differ. */
function useRefreshModels() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
      queryClient.invalidateQueries({ queryKey: healthQueryKey }),
    ]);
}

export function useAddProvider() {
  const refresh = useRefreshModels();
  return useMutation({
    mutationFn: addProvider,
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

export function useUpdateProvider() {
  const refresh = useRefreshModels();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ProviderChange }) =>
      updateProvider(id, change),
    onSuccess: (_provider, { id }) => {
      queryClient.removeQueries({ queryKey: catalogQueryKey(id) });
      return refresh();
    },
    meta: { shownByForm: true },
  });
}

export function useRemoveProvider() {
  const refresh = useRefreshModels();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProvider,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: catalogQueryKey(id) });
      return refresh();
    },
    // Its confirmation dialog shows a refusal.
    meta: { shownByForm: true },
  });
}

export function useTestProvider() {
  // The card shows why a test could not run, with the code, where its result would be.
  return useMutation({ mutationFn: testProvider, meta: { shownByForm: true } });
}

export function useSetDefaultModel() {
  const refresh = useRefreshModels();
  return useMutation({
    mutationFn: (choice: DefaultModel) => setDefaultModel(choice),
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}
