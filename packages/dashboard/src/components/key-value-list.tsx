import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface KeyValue {
  label: ReactNode;
  value: ReactNode;
}

/** Label-value lines in a card: label left and dimmed, value right. */
export function KeyValueList({ items }: { items: KeyValue[] }) {
  return (
    <>
      {items.map((item, index) => (
        // Lists are fixed per card and never reordered, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
          {/* A long value (a URL, a command) wraps inside the card rather than widening it. */}
          <Text size="sm" component="div" ta="right" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Group>
      ))}
    </>
  );
}
