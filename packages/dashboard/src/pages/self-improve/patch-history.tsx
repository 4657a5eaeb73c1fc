import { Badge, EmptyState, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import type { PersistedPatch } from '../../api/self-improve';
import { RelativeTime } from '../../components/relative-time';

const LAST_START: Record<PersistedPatch['last_start'], { label: string; color: string }> = {
  reapplied: { label: 'Re-applied', color: 'green' },
  already_applied: { label: 'Already in place', color: 'teal' },
  skipped: { label: 'Skipped', color: 'red' },
  not_yet: { label: 'Since the last start', color: 'gray' },
};

/** The persisted patches, newest first, with their digests and what the last start did. */
export function PatchHistory({ patches }: { patches: PersistedPatch[] | undefined }) {
  if (!patches) return <Skeleton h={80} />;
  if (patches.length === 0) {
    return (
      <EmptyState
        size="sm"
        title="No patch applied yet"
        description="Each applied proposal is kept here as a patch with its SHA-256 digest, and applied again at every start."
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" aria-label="Applied patches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Applied</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>Patch</Table.Th>
            <Table.Th>SHA-256</Table.Th>
            <Table.Th>Last start</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...patches].reverse().map((patch) => {
            const start = LAST_START[patch.last_start];
            return (
              <Table.Tr key={patch.name} data-patch={patch.name}>
                <Table.Td w={170}>
                  {patch.applied_at ? <RelativeTime value={patch.applied_at} stacked /> : '—'}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {patch.path ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" c="dimmed" title={patch.file}>
                    {patch.name}.patch
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text
                    size="xs"
                    ff="monospace"
                    title={patch.sha256 ?? ''}
                    data-testid="patch-digest"
                  >
                    {patch.sha256 ? `${patch.sha256.slice(0, 16)}…` : 'no sidecar'}
                  </Text>
                  {patch.digest_ok ? null : (
                    <Badge color="red" variant="light" size="xs">
                      Digest mismatch
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Tooltip
                    label={patch.last_start_reason ?? ''}
                    disabled={!patch.last_start_reason}
                  >
                    <Badge variant="light" color={start.color} radius="sm">
                      {start.label}
                    </Badge>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
