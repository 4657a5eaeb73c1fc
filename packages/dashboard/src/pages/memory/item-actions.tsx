import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ItemAction, MemoryItem } from '../../api/memory';
import { useChangeItem } from '../../hooks/use-memory';

const DONE: Record<ItemAction, string> = {
  retract: 'Retracted: it is kept but no longer used',
  restore: 'Restored',
  confirm: 'Confirmed: it is active',
  pin: 'Pinned into every prompt',
  unpin: 'Unpinned: it stays searchable',
};

/** The transitions the item's status allows; the server checks them again. */
function actionsFor(item: MemoryItem): Array<[ItemAction, string]> {
  if (item.status === 'retracted') return [['restore', 'Restore']];
  const actions: Array<[ItemAction, string]> = [];
  if (item.status === 'provisional') actions.push(['confirm', 'Confirm']);
  if (item.status === 'active') actions.push(item.pinned ? ['unpin', 'Unpin'] : ['pin', 'Pin']);
  actions.push(['retract', 'Retract']);
  return actions;
}

export function ItemActions({ item, onEdit }: { item: MemoryItem; onEdit: () => void }) {
  const change = useChangeItem();
  const run = (action: ItemAction) =>
    change.mutate(
      { id: item.id, action },
      // A refusal is the one error handler's toast, with the runtime's message and code.
      { onSuccess: () => notifications.show({ color: 'green', message: DONE[action] }) },
    );
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" onClick={onEdit}>
        Edit
      </Button>
      {actionsFor(item).map(([action, label]) => (
        <Button
          key={action}
          size="xs"
          variant={action === 'retract' ? 'light' : 'default'}
          color={action === 'retract' ? 'red' : undefined}
          loading={change.isPending && change.variables?.id === item.id}
          onClick={() => run(action)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
