import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchCustomSkills, reloadCustomSkills } from '../api/custom-skills';
import { skillsQueryKey } from './use-skills';

export const customSkillsQueryKey = ['custom-skills'] as const;

/** Polled: the runtime reloads the folder by itself when a file in it changes. */
export function useCustomSkills() {
  return useQuery({
    queryKey: customSkillsQueryKey,
    queryFn: ({ signal }) => fetchCustomSkills(signal),
    refetchInterval: 10_000,
  });
}

/** A reload registers or drops skills, so the installed list is read again too. */
export function useReloadCustomSkills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reloadCustomSkills,
    onSuccess: (list) => {
      queryClient.setQueryData(customSkillsQueryKey, list);
      return queryClient.invalidateQueries({ queryKey: skillsQueryKey });
    },
  });
}
