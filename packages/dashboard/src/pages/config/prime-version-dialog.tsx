import { Alert, Badge, Button, Code, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RelativeTime } from '../../components/relative-time';
import { usePrimeVersion, useRestorePrime } from '../../hooks/use-config';

interface PrimeVersionDialogProps {
  opened: boolean;
  /** Kept while the dialog animates closed. */
  version: number | null;
  current: number | undefined;
  onClose: () => void;
  /** Puts this version's text in the editor, as an unsaved edit of the newest version. */
  onEditFrom: (content: string) => void;
}

/** One saved version's full text, with Restore and "edit from this version". */
export function PrimeVersionDialog({
  opened,
  version,
  current,
  onClose,
  onEditFrom,
}: PrimeVersionDialogProps) {
  const entry = usePrimeVersion(version);
  const restore = useRestorePrime();
  const isCurrent = version === current;
  const data = entry.data;

  const restoreIt = () => {
    if (version === null) return;
    restore.mutate(version, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          title: `Version ${version} restored`,
          message: `Its content is now version ${saved.version}, in force from the next request.`,
        });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={version !== null ? `prime.md version ${version}` : ''}
      size="xl"
      centered
    >
      <Stack gap="md">
        {entry.isPending ? (
          <>
            <Skeleton h={16} w="60%" />
            <Skeleton h={240} />
          </>
        ) : entry.isError || !data ? (
          <Alert color="red" variant="light" title="This version could not be loaded">
            {entry.error?.message ?? 'The runtime did not answer.'}
          </Alert>
        ) : (
          <>
            <Group gap="xs" wrap="wrap">
              {isCurrent ? (
                <Badge variant="light" color="indigo">
                  Current
                </Badge>
              ) : null}
              {data.restored_from !== null ? (
                <Badge variant="light" color="grape">
                  Restored from v{data.restored_from}
                </Badge>
              ) : null}
              <Text size="sm" c="dimmed">
                Saved by {data.created_by} <RelativeTime value={data.created_at} />,{' '}
                {data.characters.toLocaleString('en-US')} characters
              </Text>
            </Group>
            {data.note ? <Text size="sm">Note: {data.note}</Text> : null}
            <Code
              block
              data-testid="prime-version-content"
              style={{ maxHeight: 440, overflow: 'auto', whiteSpace: 'pre-wrap' }}
            >
              {data.content || '(empty)'}
            </Code>
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {data && !isCurrent ? (
            <>
              <Button
                variant="light"
                onClick={() => {
                  onEditFrom(data.content);
                  onClose();
                }}
              >
                Edit from this version
              </Button>
              <Button onClick={restoreIt} loading={restore.isPending}>
                Restore version {version}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
