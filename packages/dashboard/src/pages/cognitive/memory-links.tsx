import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { MemoryItem } from '../../api/memory';

/** An item's text, linking to it on /memory, where its provenance and history are. */
export function ItemLink({ item }: { item: MemoryItem }) {
  return (
    <Anchor component={Link} to={`/memory?item=${encodeURIComponent(item.id)}`} size="sm">
      {item.path}: {item.text}
    </Anchor>
  );
}
