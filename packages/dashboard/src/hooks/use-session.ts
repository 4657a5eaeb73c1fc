import { useMutation, useQuery } from '@tanstack/react-query';
import { readCookie, rememberCsrfToken } from '../api/client';
import { fetchSession, logout } from '../api/session';

export const sessionQueryKey = ['session'] as const;

/**
 * The signed-in session. `optional` (the sign-in page) asks only when the readable csrftoken
 * cookie says a session may exist: a visit without one makes no request that fails with a 401.
 */
export function useSession(options: { optional?: boolean } = {}) {
  const optional = options.optional ?? false;
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      const session = await fetchSession(signal);
      rememberCsrfToken(session.csrf_token);
      return session;
    },
    staleTime: 60_000,
    meta: { sessionOptional: optional },
    enabled: !optional || readCookie('csrftoken') !== undefined,
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
