import {
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ItemStatus } from '../../api/memory';
import { useMemoryItems } from '../../hooks/use-memory';
import { ItemStatusBadge } from './item-status-badge';

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
        <Table highlightOnHover aria-label="Memory items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Path</Table.Th>
              <Table.Th>Text</Table.Th>
              <Table.Th w={110}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.id}
                aria-label={item.text.slice(0, 80)}
                aria-selected={item.id === selected}
                bg={item.id === selected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(item.id)}
              >
                <Table.Td ff="monospace" fz="xs">
                  {item.path}
                  {item.pinned ? ' · pinned' : ''}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {item.text}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ItemStatusBadge status={item.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
