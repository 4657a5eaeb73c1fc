import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSearch } from '../hooks/use-search';
import { usePaletteContext } from './palette-context';
import {
  actionGroup,
  type PaletteEntry,
  type PaletteGroup,
  pageGroup,
  recordGroup,
} from './palette-entries';

/**
 * What the palette lists for `text`: matching actions and pages at once (from the dashboard
 * itself), then the server's records as they arrive, group by group. Empty groups are left out.
 */
export function usePaletteGroups(text: string, recordLimit: number) {
  const { pages, actions } = usePaletteContext();
  const records = useSearch(text, recordLimit);
  const groups: PaletteGroup[] = [
    actionGroup(actions, text),
    pageGroup(pages, text),
    ...records.groups.map((group) => recordGroup(group, pages)),
  ].filter((group) => group.entries.length > 0 || group.problem !== null);
  return { groups, searching: records.searching };
}

/** Opens an entry: follows its link, or runs its action. */
export function useActivateEntry(): (entry: PaletteEntry) => void {
  const navigate = useNavigate();
  return useCallback(
    (entry: PaletteEntry) => {
      if ('run' in entry.target) entry.target.run();
      else navigate(entry.target.url);
    },
    [navigate],
  );
}
