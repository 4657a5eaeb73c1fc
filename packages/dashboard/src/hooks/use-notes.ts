import { useQuery } from '@tanstack/react-query';
import { fetchNote } from '../api/notes';

export const noteQueryKey = (id: string) => ['notes', 'one', id] as const;

/** One note, read when `id` is set (a feed item's note opened from its subscription). */
export function useNote(id: string | null) {
  return useQuery({
    queryKey: noteQueryKey(id ?? ''),
    queryFn: ({ signal }) => fetchNote(id ?? '', signal),
    enabled: Boolean(id),
    // A note a Panic Reset wiped is shown as gone, not as a toast.
    meta: { inlineErrors: ['not_found'] },
  });
}
