import { EmptyState, NavLink, ScrollArea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useEntities } from '../../hooks/use-memory';

/** Live entities, most mentioned first, filtered by name. */
export function EntityPicker({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const list = useEntities(q || undefined);
  const entities = list.data?.entities ?? [];
  return (
    <>
      <TextInput
        size="xs"
        aria-label="Find an entity"
        placeholder="Name"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {list.data && entities.length === 0 ? (
        <EmptyState
          size="sm"
          title={q ? 'No entity by that name' : 'No entities yet'}
          description="People, places, organisations and things are extracted from observations by the configured model."
        />
      ) : (
        <ScrollArea.Autosize mah={480} aria-label="Entities">
          {entities.map((entity) => (
            <NavLink
              key={entity.id}
              label={entity.name}
              description={`${entity.type} · ${entity.mention_count} mentions`}
              active={entity.id === selected}
              onClick={() => onSelect(entity.id)}
            />
          ))}
        </ScrollArea.Autosize>
      )}
    </>
  );
}
