import { Badge, EmptyState, Skeleton, Text, Tooltip } from '@mantine/core';
import type { PersistedPatch } from '../../api/self-improve';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';

const LAST_START: Record<PersistedPatch['last_start'], { label: string; color: string }> = {
  reapplied: { label: 'Re-applied', color: 'green' },
  already_applied: { label: 'Already in place', color: 'teal' },
  skipped: { label: 'Skipped', color: 'red' },
  not_yet: { label: 'Since the last start', color: 'gray' },
};

const COLUMNS: Column<PersistedPatch>[] = [
  {
    key: 'applied',
    header: 'Applied',
    width: 170,
    cell: (patch) => (patch.applied_at ? <RelativeTime value={patch.applied_at} stacked /> : '—'),
  },
  {
    key: 'file',
    header: 'File',
    cell: (patch) => (
      <Text span size="sm" ff="monospace">
        {patch.path ?? '—'}
      </Text>
    ),
    truncate: (patch) => patch.path ?? '',
  },
  {
    key: 'patch',
    header: 'Patch',
    priority: 3,
    cell: (patch) => (
      <Text span size="xs" ff="monospace" c="dimmed">
        {patch.name}.patch
      </Text>
    ),
    truncate: (patch) => patch.file,
  },
  {
    key: 'digest',
    header: 'SHA-256',
    width: 190,
    priority: 2,
    cell: (patch) => (
      <>
        <Text size="xs" ff="monospace" title={patch.sha256 ?? ''} data-testid="patch-digest">
          {patch.sha256 ? `${patch.sha256.slice(0, 16)}…` : 'no sidecar'}
        </Text>
        {patch.digest_ok ? null : (
          <Badge color="red" variant="light" size="xs">
            Digest mismatch
          </Badge>
        )}
      </>
    ),
  },
  {
    key: 'last-start',
    header: 'Last start',
    width: 180,
    cell: (patch) => {
      const start = LAST_START[patch.last_start];
      return (
        <Tooltip label={patch.last_start_reason ?? ''} disabled={!patch.last_start_reason}>
          <Badge variant="light" color={start.color} radius="sm">
            {start.label}
          </Badge>
        </Tooltip>
      );
    },
  },
];

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
    <DataTable
      label="Applied patches"
      columns={COLUMNS}
      rows={[...patches].reverse()}
      rowKey={(patch) => patch.name}
      rowProps={(patch) => ({ 'data-patch': patch.name })}
      empty={{ title: 'No patch applied yet', description: 'Applied proposals appear here.' }}
    />
  );
}
