import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  changeItem,
  createItem,
  editItem,
  fetchBrain,
  fetchEntities,
  fetchEntity,
  fetchEpistemic,
  fetchGraph,
  fetchIntegrity,
  fetchItem,
  fetchItems,
  fetchMemoryStatus,
  fetchObservations,
  fetchTree,
  type GraphQuery,
  type ItemAction,
  type ItemEdit,
  type ItemStatus,
  searchMemory,
} from '../api/memory';

/** Every memory query starts with this key, so a change reads them all again. */
export const memoryQueryKey = ['memory'] as const;

export function useMemoryStatus() {
  return useQuery({
    queryKey: [...memoryQueryKey, 'status'],
    queryFn: ({ signal }) => fetchMemoryStatus(signal),
    refetchInterval: 60_000,
  });
}

export function useMemoryTree() {
  return useQuery({
    queryKey: [...memoryQueryKey, 'tree'],
    queryFn: ({ signal }) => fetchTree(signal),
    refetchInterval: 30_000,
  });
}

/** Newest first; each further page continues from the previous page's cursor. */
export function useMemoryItems(query: { path?: string; status?: ItemStatus; q?: string }) {
  return useInfiniteQuery({
    queryKey: [...memoryQueryKey, 'items', query],
    queryFn: ({ pageParam, signal }) => fetchItems({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMemoryItem(id: string | null) {
  return useQuery({
    queryKey: [...memoryQueryKey, 'item', id],
    queryFn: ({ signal }) => fetchItem(id as string, signal),
    enabled: id !== null,
  });
}

/** Retract, restore, confirm, pin or unpin; every memory view is read again after. */
export function useChangeItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: ItemAction }) => changeItem(input.id, input.action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoryQueryKey }),
  });
}

/** An edit of text or path from the edit form, which shows the runtime's refusal itself. */
export function useEditItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; edit: ItemEdit }) => editItem(input.id, input.edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoryQueryKey }),
    meta: { shownByForm: true },
  });
}

/** A new item written by the operator, from a form that shows the runtime's refusal itself. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoryQueryKey }),
    meta: { shownByForm: true },
  });
}

export function useGraph(query: GraphQuery) {
  return useQuery({
    queryKey: [...memoryQueryKey, 'graph', query],
    queryFn: ({ signal }) => fetchGraph(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Newest first in world time; each further page continues from the previous page's cursor. */
export function useObservations(q: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...memoryQueryKey, 'observations', q ?? null],
    queryFn: ({ pageParam, signal }) => fetchObservations({ q, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useEntities(q: string | undefined) {
  return useQuery({
    queryKey: [...memoryQueryKey, 'entities', q ?? null],
    queryFn: ({ signal }) => fetchEntities(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEntity(id: string | null) {
  return useQuery({
    queryKey: [...memoryQueryKey, 'entity', id],
    queryFn: ({ signal }) => fetchEntity(id as string, signal),
    enabled: id !== null,
  });
}

export function useMemorySearch(q: string) {
  return useQuery({
    queryKey: [...memoryQueryKey, 'search', q],
    queryFn: ({ signal }) => searchMemory(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useBrain() {
  return useQuery({
    queryKey: [...memoryQueryKey, 'brain'],
    queryFn: ({ signal }) => fetchBrain(signal),
    refetchInterval: 60_000,
  });
}

export function useEpistemic() {
  return useQuery({
    queryKey: [...memoryQueryKey, 'epistemic'],
    queryFn: ({ signal }) => fetchEpistemic(signal),
    refetchInterval: 60_000,
  });
}

export function useIntegrity() {
  return useQuery({
    queryKey: [...memoryQueryKey, 'integrity'],
    queryFn: ({ signal }) => fetchIntegrity(signal),
    refetchInterval: 60_000,
  });
}
