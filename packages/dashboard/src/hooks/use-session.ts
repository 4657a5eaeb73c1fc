import { useMutation, useQuery } from '@tanstack/react-query';
import { rememberCsrfToken } from '../api/client';
import { fetchSession, logout } from '../api/session';

export const sessionQueryKey = ['session'] as const;

export function useSession(options: { optional?: boolean } = {}) {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      const session = await fetchSession(signal);
      rememberCsrfToken(session.csrf_token);
      return session;
    },
    staleTime: 60_000,
    meta: { sessionOptional: options.optional ?? false },
    retry: false,
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    // A full load of /login drops every cached answer from the ended session.
    onSuccess: () => window.location.assign('/login'),
  });
}
