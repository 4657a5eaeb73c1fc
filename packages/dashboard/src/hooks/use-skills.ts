import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AutonomyMode, fetchAutonomy, fetchSkills, setAutonomyMode } from '../api/skills';

export const skillsQueryKey = ['skills'] as const;
export const autonomyQueryKey = ['autonomy'] as const;

/** Polled: availability follows settings, flags and the custom skill folder, changed anywhere. */
export function useSkills() {
  return useQuery({
    queryKey: skillsQueryKey,
    queryFn: ({ signal }) => fetchSkills(signal),
    refetchInterval: 10_000,
  });
}

export function useAutonomy() {
  return useQuery({ queryKey: autonomyQueryKey, queryFn: ({ signal }) => fetchAutonomy(signal) });
}

/**
 * The mode decides each skill's needs_confirmation, so the skill list is read again. From the
 * switch dialog (`shownByForm`) a refusal shows in it; from the mode picker, in a toast.
 */
export function useSetAutonomyMode(shownByForm = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: AutonomyMode) => setAutonomyMode(mode),
    onSuccess: (state) => {
      queryClient.setQueryData(autonomyQueryKey, state);
      return queryClient.invalidateQueries({ queryKey: skillsQueryKey });
    },
    meta: { shownByForm },
  });
}
