import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchIdentity, updateIdentity } from '../api/identity';

export const identityQueryKey = ['identity'] as const;

export function useIdentity() {
  return useQuery({ queryKey: identityQueryKey, queryFn: ({ signal }) => fetchIdentity(signal) });
}

/** Validation answers are shown next to the fields, not as toasts. */
export function useUpdateIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIdentity,
    onSuccess: (identity) => queryClient.setQueryData(identityQueryKey, identity),
    meta: { shownByForm: true },
  });
}
