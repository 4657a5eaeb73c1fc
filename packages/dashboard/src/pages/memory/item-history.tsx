import { Badge, Group, Text, Timeline } from '@mantine/core';
import type { MemoryEvent } from '../../api/memory';
import { RelativeTime } from '../../components/relative-time';

/** Every change to the item, oldest first: who, what and why. */
export function ItemHistory({ history }: { history: MemoryEvent[] }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="History">
      {history.map((event) => (
        <Timeline.Item
          key={event.id}
          title={
            <Group gap="xs">
              <Badge size="xs" variant="light">
                {event.op}
              </Badge>
              <Text size="sm">
                by {event.actor}
                {event.actor_name ? ` (${event.actor_name})` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                <RelativeTime value={event.at} />
              </Text>
            </Group>
          }
        >
          {event.old_status && event.new_status && event.old_status !== event.new_status ? (
            <Text size="xs">
              {event.old_status} → {event.new_status}
            </Text>
          ) : null}
          {event.old_text !== null &&
          event.new_text !== null &&
          event.old_text !== event.new_text ? (
            <Text size="xs" c="dimmed">
              Was: {event.old_text}
            </Text>
          ) : null}
          {event.reason ? <Text size="xs">Why: {event.reason}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
