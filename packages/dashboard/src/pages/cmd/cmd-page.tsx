import {
  Alert,
  Group,
  Kbd,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { RelativeTime } from '../../components/relative-time';
import type { PaletteEntry } from '../../palette/palette-entries';
import { useActivateEntry, usePaletteGroups } from '../../palette/use-palette';

/** Records per source on this page (the palette shows five). */
const PAGE_RECORD_LIMIT = 20;

/**
 * The command palette as a page: the same actions, pages and server records, with more results
 * per kind and the search in the URL (`/cmd?q=...`), so a search can be bookmarked. Arrows move
 * through the results, Enter opens one.
 */
export function CmdPage() {
  const [params, setParams] = useSearchParams();
  const urlText = params.get('q') ?? '';
  const [query, setQuery] = useState(urlText);
  const { groups, searching } = usePaletteGroups(query, PAGE_RECORD_LIMIT);
  const activate = useActivateEntry();
  const entries = groups.flatMap((group) => group.entries);
  const [selected, setSelected] = useState(0);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const active = Math.min(selected, entries.length - 1);

  // The URL follows the text (replacing, not one history entry per keystroke), and the text
  // follows the URL when the palette opens this page with another search.
  const written = useRef(urlText);
  useEffect(() => {
    if (urlText === written.current) return;
    written.current = urlText;
    setQuery(urlText);
  }, [urlText]);
  useEffect(() => {
    const text = query.trim();
    if (text === written.current) return;
    written.current = text;
    setParams(text ? { q: text } : {}, { replace: true });
  }, [query, setParams]);

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((active + step + entries.length) % Math.max(entries.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = entries[active];
      if (entry) activate(entry);
    }
  };

  let index = 0;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Command palette"
        description={
          <>
            Search pages, actions and the runtime's records: goals, agents, traces by request or
            chat id, proposals, rules, audit actions. Press <Kbd size="xs">Ctrl</Kbd>{' '}
            <Kbd size="xs">K</Kbd> (<Kbd size="xs">⌘</Kbd> <Kbd size="xs">K</Kbd>) on any page for
            the same search.
          </>
        }
      />
      <TextInput
        size="lg"
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type to search; arrows to move, Enter to open"
        aria-label="Search"
        role="combobox"
        aria-expanded={entries.length > 0}
        aria-controls={listId}
        aria-activedescendant={entries.length > 0 ? optionId(active) : undefined}
        aria-autocomplete="list"
        leftSection={<SearchIcon size={20} />}
        rightSection={searching ? <Loader size="sm" aria-label="Searching" /> : null}
        data-autofocus
        autoFocus
      />
      <Stack gap="md" id={listId} role="listbox" aria-label="Results">
        {groups.map((group) => (
          <Paper
            key={group.key}
            withBorder
            radius="md"
            p="xs"
            role="group"
            aria-label={group.label}
          >
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6} lts={0.6}>
              {group.label}
            </Text>
            {group.problem ? (
              <Alert color="red" variant="light" py={6} mx="sm" mb="xs">
                {group.problem}
              </Alert>
            ) : null}
            {group.entries.map((entry) => {
              const position = index++;
              return (
                <EntryRow
                  key={entry.key}
                  id={optionId(position)}
                  entry={entry}
                  selected={position === active}
                  onHover={() => setSelected(position)}
                  onOpen={() => activate(entry)}
                />
              );
            })}
          </Paper>
        ))}
        {groups.length === 0 && !searching ? (
          <Text c="dimmed" ta="center" py="xl">
            Nothing matches “{query.trim()}”.
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

interface EntryRowProps {
  id: string;
  entry: PaletteEntry;
  selected: boolean;
  onHover: () => void;
  onOpen: () => void;
}

function EntryRow({ id, entry, selected, onHover, onOpen }: EntryRowProps) {
  const Icon = entry.icon;
  return (
    <UnstyledButton
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onMouseMove={onHover}
      onClick={onOpen}
      w="100%"
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-indigo-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        {Icon ? <Icon size={18} /> : null}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {entry.label}
          </Text>
          {entry.description ? (
            <Text size="xs" c="dimmed" truncate>
              {entry.description}
            </Text>
          ) : null}
        </Stack>
        {entry.at ? (
          <Text size="xs" c="dimmed">
            <RelativeTime value={entry.at} />
          </Text>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}
