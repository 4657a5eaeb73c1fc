import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FeatureFlag,
  fetchFlags,
  fetchParameters,
  fetchPrime,
  fetchPrimeHistory,
  fetchPrimeVersion,
  type PrimeDocument,
  type PrimeSave,
  restorePrimeVersion,
  savePrime,
  setFlag,
  setParameter,
} from '../api/config';

export const PRIME_HISTORY_PAGE = 20;

export const configQueryKey = ['config'] as const;
export const primeQueryKey = ['config', 'prime'] as const;
export const primeHistoryQueryKey = ['config', 'prime', 'history'] as const;
export const primeVersionQueryKey = (version: number) =>
  ['config', 'prime', 'version', version] as const;
export const flagsQueryKey = ['config', 'flags'] as const;
export const parametersQueryKey = ['config', 'parameters'] as const;

/** The newest prime.md; polled, so a save by another operator shows up while editing. */
export function usePrime() {
  return useQuery({
    queryKey: primeQueryKey,
    queryFn: ({ signal }) => fetchPrime(signal),
    refetchInterval: 15_000,
  });
}

/** Versions newest first, a page at a time (each page continues below the last one's version). */
export function usePrimeHistory() {
  return useInfiniteQuery({
    queryKey: primeHistoryQueryKey,
    queryFn: async ({ pageParam, signal }) =>
      (await fetchPrimeHistory({ limit: PRIME_HISTORY_PAGE, before: pageParam }, signal)).versions,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) =>
      page.length < PRIME_HISTORY_PAGE ? undefined : page[page.length - 1]?.version,
    refetchInterval: 15_000,
  });
}

/** One old version with its content; versions never change, so it is read once. */
export function usePrimeVersion(version: number | null) {
  return useQuery({
    queryKey: primeVersionQueryKey(version ?? 0),
    queryFn: ({ signal }) => fetchPrimeVersion(version ?? 0, signal),
    enabled: version !== null && version > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function usePrimeSaved() {
  const queryClient = useQueryClient();
  return (saved: PrimeDocument) => {
    queryClient.setQueryData(primeQueryKey, saved);
    return queryClient.invalidateQueries({ queryKey: primeHistoryQueryKey });
  };
}

/** A conflict (someone else saved first) and field errors are shown in the editor. */
export function useSavePrime() {
  const saved = usePrimeSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PrimeSave) => savePrime(save),
    onSuccess: saved,
    // On a conflict the newest version is read at once, so "load the latest" has it.
    onError: () => queryClient.invalidateQueries({ queryKey: primeQueryKey }),
    meta: { shownByForm: true },
  });
}

/** From the version dialog (`shownByForm`), which shows a refusal itself, or a history row. */
export function useRestorePrime(shownByForm = false) {
  const saved = usePrimeSaved();
  return useMutation({ mutationFn: restorePrimeVersion, onSuccess: saved, meta: { shownByForm } });
}

/** Polled: another operator's change shows here, and in the guard warning of other pages. */
export function useFlags() {
  return useQuery({
    queryKey: flagsQueryKey,
    queryFn: ({ signal }) => fetchFlags(signal),
    refetchInterval: 15_000,
  });
}

/** From a flag's switch (a refusal is a toast) or a safeguard's confirmation (`shownByForm`). */
export function useSetFlag(shownByForm = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) => setFlag(name, enabled),
    onSuccess: (flag) => {
      queryClient.setQueryData(flagsQueryKey, (previous: { flags: FeatureFlag[] } | undefined) =>
        previous
          ? { flags: previous.flags.map((known) => (known.name === flag.name ? flag : known)) }
          : previous,
      );
      // Flags change which skills are offered (web_search, browser, custom skills, ...).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: flagsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['skills'] }),
      ]);
    },
    meta: { shownByForm },
  });
}

export function useParameters() {
  return useQuery({
    queryKey: parametersQueryKey,
    queryFn: ({ signal }) => fetchParameters(signal),
  });
}

/** From the dialog (`shownByForm`: a value out of bounds shows under its field) or a reset button. */
export function useSetParameter(shownByForm = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: number | null }) =>
      setParameter(name, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parametersQueryKey }),
    meta: { shownByForm },
  });
}
