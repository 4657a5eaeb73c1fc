import { Badge, Button, Code, Group, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
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
  const restore = useRestorePrime(true);
  const isCurrent = version === current;
  const data = entry.data;
  // Only an old version, once read, can be restored or edited from.
  const restorable = data && !isCurrent && version !== null;

  const restoreIt = () => {
    if (!restorable) return;
    return restore.mutateAsync(version).then((saved) =>
      notifications.show({
        color: 'green',
        title: `Version ${version} restored`,
        message: `Its content is now version ${saved.version}, in force from the next request.`,
      }),
    );
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={restore.reset}
      title={version !== null ? `prime.md version ${version}` : ''}
      label={`prime.md version ${version ?? ''}`}
      cancelLabel="Close"
      actions={
        restorable ? (
          <Button
            variant="light"
            onClick={() => {
              onEditFrom(data.content);
              restore.reset();
              onClose();
            }}
          >
            Edit from this version
          </Button>
        ) : null
      }
      submitLabel={restorable ? `Restore version ${version}` : undefined}
      busy={restore.isPending}
      refusal={formErrors(restore.error, {}).refusal}
      onSubmit={restoreIt}
      size="xl"
    >
      {entry.isPending ? (
        <>
          <Skeleton h={16} w="60%" />
          <Skeleton h={240} />
        </>
      ) : !data ? (
        <FormRefusal
          refusal={formErrors(entry.error, {}).refusal}
          title="This version could not be loaded"
          testId="prime-version-error"
        />
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
    </FormDialog>
  );
}
