import { Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuditEntry } from '../../api/audit';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

const mono = (value: string | null) =>
  value ? (
    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      none
    </Text>
  );

/** Everything about one entry, including what does not fit in the table's columns. */
export function AuditEntryDetail({ entry }: { entry: AuditEntry }) {
  const hasDetail = Object.keys(entry.detail).length > 0;
  return (
    <Stack gap="md" py="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Fact label="Entry id">{mono(entry.id)}</Fact>
        <Fact label="Request id">{mono(entry.request_id)}</Fact>
        <Fact label="Recorded at (UTC)">{mono(entry.ts)}</Fact>
      </SimpleGrid>
      {entry.error ? (
        <Fact label="Error">
          <Code block color="red.0" c="red.9">
            {entry.error}
          </Code>
        </Fact>
      ) : null}
      <Fact label="Detail">
        {hasDetail ? (
          <Code block data-testid="audit-detail">
            {JSON.stringify(entry.detail, null, 2)}
          </Code>
        ) : (
          <Group>
            <Text size="sm" c="dimmed">
              This entry carries no detail.
            </Text>
          </Group>
        )}
      </Fact>
    </Stack>
  );
}
