import { Button, EmptyState, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ItemStatus, MemoryItem } from '../../api/memory';
import { type Column, DataTable } from '../../components/data-table';

import { useMemoryItems } from '../../hooks/use-memory';
import { ItemStatusBadge } from './item-status-badge';

const COLUMNS: Column<MemoryItem>[] = [
  {
    key: 'path',
    header: 'Path',
    priority: 2,
    cell: (item) => (
      <Text span size="xs" ff="monospace">
        {item.path}
        {item.pinned ? ' · pinned' : ''}
      </Text>
    ),
    truncate: (item) => item.path,
  },
  {
    key: 'text',
    header: 'Text',
    cell: (item) => (
      <Text size="sm" lineClamp={2}>
        {item.text}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: 120,
    cell: (item) => <ItemStatusBadge status={item.status} />,
  },
];

interface ItemListProps {
  path: string | null;
  selected: string | null;
  onSelect: (id: string) => void;
}

/** The items at a path and below, newest first, filtered by status and words. */
export function ItemList({ path, selected, onSelect }: ItemListProps) {
  const [status, setStatus] = useState<ItemStatus | 'all'>('all');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const list = useMemoryItems({
    path: path ?? undefined,
    status: status === 'all' ? undefined : status,
    q: q || undefined,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Item status"
          size="xs"
          value={status}
          onChange={(value) => setStatus(value as ItemStatus | 'all')}
          data={['all', 'active', 'provisional', 'superseded', 'retracted']}
        />
        <TextInput
          size="xs"
          aria-label="Filter items by words"
          placeholder="Words in the text"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </Group>
      {list.data && items.length === 0 ? (
        <EmptyState
          size="sm"
          title={list.isError ? 'Items could not be loaded' : 'No items match'}
          description="Choose another path, status or words."
        />
      ) : (
        <DataTable
          label="Memory items"
          columns={COLUMNS}
          rows={list.data ? items : undefined}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ 'aria-label': item.text.slice(0, 80) })}
          isSelected={(item) => item.id === selected}
          onRowClick={(item) => onSelect(item.id)}
          empty={{ title: 'No items match', description: 'Choose another path, status or words.' }}
        />
      )}
      {list.hasNextPage ? (
        <Button
          size="xs"
          variant="default"
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
