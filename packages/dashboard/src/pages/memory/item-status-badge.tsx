import { Badge } from '@mantine/core';
import type { ItemStatus } from '../../api/memory';

const COLORS: Record<ItemStatus, string> = {
  active: 'green',
  provisional: 'yellow',
  superseded: 'gray',
  retracted: 'red',
};

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="item-status">
      {status}
    </Badge>
  );
}
