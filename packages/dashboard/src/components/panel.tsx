import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  /** Shown right of the title (a badge, a link). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card; every block of a page uses it so spacing stays the same everywhere. */
export function Panel({ title, aside, children }: PanelProps) {
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text fw={600} size="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.5 }}>
            {title}
          </Text>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
