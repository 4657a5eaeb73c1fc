import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Status and actions shown on the right. */
  aside?: ReactNode;
}

export function PageHeader({ title, description, aside }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Title order={2}>{title}</Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {aside ? (
        // At most the page's width, so a wide control in it (a segmented range) scrolls in place.
        <Group gap="sm" wrap="wrap" maw="100%">
          {aside}
        </Group>
      ) : null}
    </Group>
  );
}
