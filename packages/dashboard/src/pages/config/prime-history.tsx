import { Badge, Button, Divider, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment } from 'react';
import type { PrimeVersionSummary } from '../../api/config';
import { plural } from '../../components/format';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { usePrimeHistory, useRestorePrime } from '../../hooks/use-config';

const count = new Intl.NumberFormat('en-US');

interface PrimeHistoryProps {
  /** The newest version, which cannot be restored (it is already in force). */
  current: number | undefined;
  onView: (version: number) => void;
}

function VersionRow({
  entry,
  current,
  onView,
  onRestore,
  restoring,
}: {
  entry: PrimeVersionSummary;
  current: boolean;
  onView: () => void;
  onRestore: () => void;
  restoring: boolean;
}) {
  return (
    <Stack
      gap={4}
      py="sm"
      role="listitem"
      aria-label={`Version ${entry.version}`}
      data-version={entry.version}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm" ff="monospace">
            v{entry.version}
          </Text>
          {current ? (
            <Badge size="xs" variant="light" color="indigo">
              Current
            </Badge>
          ) : null}
          {entry.restored_from !== null ? (
            <Badge size="xs" variant="light" color="grape">
              Restored from v{entry.restored_from}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {count.format(entry.characters)} chars
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {entry.created_by}, <RelativeTime value={entry.created_at} />
      </Text>
      {entry.note ? (
        <Text size="sm" lineClamp={2} title={entry.note} data-testid="version-note">
          {entry.note}
        </Text>
      ) : null}
      <Group gap={6} mt={2}>
        <Button size="compact-xs" variant="light" onClick={onView}>
          View
        </Button>
        {current ? null : (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onRestore}
            loading={restoring}
            aria-label={`Restore version ${entry.version}`}
          >
            Restore
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Every saved version, newest first, each one viewable and restorable. */
export function PrimeHistory({ current, onView }: PrimeHistoryProps) {
  const history = usePrimeHistory();
  const restore = useRestorePrime();
  const versions = history.data?.pages.flat() ?? [];

  const restoreVersion = (version: number) =>
    restore.mutate(version, {
      onSuccess: (saved) =>
        notifications.show({
          color: 'green',
          title: `Version ${version} restored`,
          message: `Its content is now version ${saved.version}, in force from the next request.`,
        }),
    });

  return (
    <Panel
      title="History"
      aside={
        versions.length > 0 ? (
          <Text size="xs" c="dimmed">
            {history.hasNextPage ? `Newest ${versions.length}` : plural(versions.length, 'version')}
          </Text>
        ) : null
      }
    >
      {history.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={64} />
          ))}
        </Stack>
      ) : history.isError && versions.length === 0 ? (
        <EmptyState size="sm" title="The history could not be loaded">
          <EmptyState.Actions>
            <Button variant="light" onClick={() => history.refetch()}>
              Try again
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : versions.length === 0 ? (
        <EmptyState
          size="sm"
          title="No versions yet"
          description="Each save appears here with who made it and its note."
        />
      ) : (
        <Stack gap={0} role="list" aria-label="prime.md versions">
          {versions.map((entry, index) => (
            <Fragment key={entry.version}>
              {index > 0 ? <Divider /> : null}
              <VersionRow
                entry={entry}
                current={entry.version === current}
                onView={() => onView(entry.version)}
                onRestore={() => restoreVersion(entry.version)}
                restoring={restore.isPending && restore.variables === entry.version}
              />
            </Fragment>
          ))}
          {history.hasNextPage ? (
            <Button
              variant="subtle"
              size="xs"
              mt="xs"
              onClick={() => history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              Load older versions
            </Button>
          ) : null}
        </Stack>
      )}
    </Panel>
  );
}
