import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value?: ReactNode;
  /** Right of the value: a status badge, a unit. */
  aside?: ReactNode;
  children?: ReactNode;
  loading?: boolean;
}

export function StatCard({ label, value, aside, children, loading = false }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
          {label}
        </Text>
        {loading ? (
          <>
            <Skeleton h={28} w="60%" />
            <Skeleton h={12} w="80%" />
          </>
        ) : (
          <>
            <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
              <Text fz={26} fw={700} lh={1.2}>
                {value}
              </Text>
              {aside}
            </Group>
            {children}
          </>
        )}
      </Stack>
    </Paper>
  );
}
