import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchCustomSkills, reloadCustomSkills } from '../api/custom-skills';
import { skillsQueryKey } from './use-skills';

export const customSkillsQueryKey = ['custom-skills'] as const;

/**
 * Polled: the runtime reloads the folder by itself when a file in it changes. When the set of
 * loaded skills changes (such a reload, or the Reload button), the installed list is read again.
 */
export function useCustomSkills() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: customSkillsQueryKey,
    queryFn: ({ signal }) => fetchCustomSkills(signal),
    refetchInterval: 10_000,
  });
  const loaded = query.data?.skills
    .filter((skill) => skill.loaded)
    .map((skill) => skill.name)
    .join();
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (loaded === undefined) return;
    if (seen.current !== undefined && seen.current !== loaded)
      queryClient.invalidateQueries({ queryKey: skillsQueryKey });
    seen.current = loaded;
  }, [loaded, queryClient]);
  return query;
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
