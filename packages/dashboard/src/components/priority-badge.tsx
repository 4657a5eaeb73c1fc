import { Badge } from '@mantine/core';

/** A goal's or agent's priority, 1-10: the more urgent, the warmer. */
export function PriorityBadge({ priority }: { priority: number }) {
  const color = priority >= 8 ? 'red' : priority >= 5 ? 'orange' : 'gray';
  return (
    <Badge
      variant="outline"
      color={color}
      radius="sm"
      miw="max-content"
      title="1-10, 10 most urgent"
    >
      P{priority}
    </Badge>
  );
}
