import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { loginPathFor } from './auth-redirect';

/** What a query or mutation can tell the one error handler below. */
export interface ErrorMeta extends Record<string, unknown> {
  /** A 401 is an expected answer here (the login page asking whether someone is signed in). */
  sessionOptional?: boolean;
  /** Error codes the component shows next to its fields instead of in a toast. */
  inlineErrors?: string[];
  /**
   * A form's submit, or a panel that shows its own load failure: the component shows every
   * refusal itself, with its code (components/form-errors.ts, components/form-refusal.tsx).
   */
  shownByForm?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

let leaving = false;

/** A full page load, so no data from the ended session stays in memory. */
function sendToLogin(): void {
  if (leaving || window.location.pathname === '/login') return;
  leaving = true;
  window.location.assign(loginPathFor(window.location.pathname + window.location.search));
}

function errorTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong';
  if (error.status === 0) return 'Runtime unreachable';
  if (error.status === 429) return 'Too many attempts';
  if (error.status === 403) return 'Not allowed';
  if (error.status >= 500) return 'Runtime error';
  if (error.status === 404) return 'Not found';
  if (error.status === 409) return 'Conflict';
  return 'Refused by the runtime';
}

/** The server's own words and its code, so the operator can tell two refusals apart. */
function errorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 0 ? error.message : `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** The single place failures surface: 401 means sign in again, anything else is a toast. */
export function handleError(error: unknown, meta: ErrorMeta | undefined, toastId?: string): void {
  if (error instanceof ApiError && error.status === 401) {
    if (!meta?.sessionOptional) sendToLogin();
    return;
  }
  if (meta?.shownByForm) return;
  if (error instanceof ApiError && meta?.inlineErrors?.includes(error.code)) return;
  // A polled query that keeps failing shows one toast, not one per poll; an unreachable runtime
  // shows one toast however many queries noticed.
  const id = error instanceof ApiError && error.status === 0 ? 'runtime-unreachable' : toastId;
  notifications.show({
    ...(id ? { id } : {}),
    color: 'red',
    title: errorTitle(error),
    message: errorMessage(error),
  });
}

/** Client errors will not change on a retry; server and network errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, query.meta, `query-${query.queryHash}`),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => handleError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}
