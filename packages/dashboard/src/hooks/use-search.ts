import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchRecords } from '../api/search';

/** Keystrokes closer together than this make one request. */
const TYPING_PAUSE_MS = 150;

export const searchQueryKey = (text: string, limit: number) => ['search', text, limit] as const;

/**
 * The server's records matching `text` (goals, agents, traces, proposals, rules, audit actions
 * and whatever else modules contribute); nothing is asked for an empty text. While the next
 * answer is on its way the previous one stays on screen, so the list does not flicker.
 */
export function useSearch(text: string, limit: number) {
  const [settled] = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const query = useQuery({
    queryKey: searchQueryKey(settled, limit),
    queryFn: ({ signal }) => searchRecords(settled, limit, signal),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const current = text.trim().length > 0;
  return {
    groups: current ? (query.data?.groups ?? []) : [],
    searching: current && (settled !== text.trim() || query.isFetching),
  };
}
