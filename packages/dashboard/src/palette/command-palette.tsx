import { Group, Kbd, Loader, Text } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../components/icons';
import { RelativeTime } from '../components/relative-time';
import type { PaletteEntry } from './palette-entries';
import { useActivateEntry, usePaletteGroups } from './use-palette';

/** The palette's own store, so the header's search button can open it. */
const [paletteStore, palette] = createSpotlight();
export const openPalette = palette.open;

/** Records per source in the palette; the /cmd page shows more. */
const PALETTE_RECORD_LIMIT = 5;

function EntryAction({ entry, onActivate }: { entry: PaletteEntry; onActivate: () => void }) {
  const Icon = entry.icon;
  return (
    <Spotlight.Action
      label={entry.label}
      description={entry.description ?? undefined}
      leftSection={Icon ? <Icon size={18} /> : undefined}
      rightSection={
        entry.at ? (
          <Text size="xs" c="dimmed">
            <RelativeTime value={entry.at} />
          </Text>
        ) : undefined
      }
      onClick={onActivate}
    />
  );
}

/**
 * The command palette on every page: Ctrl+K or Cmd+K (also from inside a text field), arrows to
 * move, Enter to open, Escape to close. Pages and actions match as you type; the server's
 * records follow group by group.
 */
export function CommandPalette() {
  const [query, setQuery] = useState('');
  const { groups, searching } = usePaletteGroups(query, PALETTE_RECORD_LIMIT);
  const activate = useActivateEntry();
  const text = query.trim();
  const all: PaletteEntry = {
    key: 'all-results',
    label: `All results for “${text}”`,
    description: 'Open the command page with more results per kind',
    icon: SearchIcon,
    at: null,
    target: { url: `/cmd?q=${encodeURIComponent(text)}` },
  };

  // Spotlight selects the first entry at each keystroke, but records arrive later and React may
  // keep the selected node at another position. Until the operator moves with the arrows, the
  // first entry is the selected one (marked as Spotlight marks it), so Enter opens the top result.
  const moved = useRef(false);
  const signature = groups.map((group) => group.entries.map((e) => e.key).join()).join('|');
  useEffect(() => {
    if (!signature || moved.current) return;
    const { listId } = paletteStore.getState();
    const list = listId ? document.getElementById(listId) : null;
    const first = list?.querySelector('[data-action]');
    if (!list || !first) return;
    for (const node of list.querySelectorAll('[data-selected]'))
      node.removeAttribute('data-selected');
    first.setAttribute('data-selected', 'true');
    paletteStore.updateState((state) => ({ ...state, selected: 0 }));
  }, [signature]);
  const changeQuery = (next: string) => {
    moved.current = false;
    setQuery(next);
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={changeQuery}
      // Each opening starts empty. The text is cleared as the palette closes: clearing when it
      // opens, or when the closing animation ends (the built-in way), can land after the
      // operator has started typing in a quickly reopened palette and wipe what was typed.
      onSpotlightClose={() => changeQuery('')}
      clearQueryOnClose={false}
      shortcut="mod + K"
      tagsToIgnore={[]}
      scrollable
      maxHeight={460}
    >
      <Spotlight.Search
        aria-label="Search pages, actions and records"
        placeholder="Search pages, actions, goals, agents, traces…"
        leftSection={<SearchIcon size={18} />}
        rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') moved.current = true;
        }}
      />
      <Spotlight.ActionsList>
        {groups.map((group) => (
          <Spotlight.ActionsGroup
            key={group.key}
            label={group.label}
            role="group"
            aria-label={group.label}
          >
            {group.problem ? (
              <Text size="xs" c="red" px="md" py={4}>
                {group.problem}
              </Text>
            ) : null}
            {group.entries.map((entry) => (
              <EntryAction key={entry.key} entry={entry} onActivate={() => activate(entry)} />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {text && groups.length > 0 ? (
          <Spotlight.ActionsGroup label="More" role="group" aria-label="More">
            <EntryAction entry={all} onActivate={() => activate(all)} />
          </Spotlight.ActionsGroup>
        ) : null}
        {groups.length === 0 && !searching ? (
          <Spotlight.Empty>Nothing matches “{text}”.</Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move
          </Text>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Enter</Kbd> open
          </Text>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Esc</Kbd> close
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
