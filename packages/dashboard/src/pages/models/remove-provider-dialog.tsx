import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Provider } from '../../api/models';
import { useRemoveProvider } from '../../hooks/use-models';

interface RemoveProviderDialogProps {
  opened: boolean;
  provider: Provider | null;
  isDefault: boolean;
  onClose: () => void;
}

export function RemoveProviderDialog({
  opened,
  provider,
  isDefault,
  onClose,
}: RemoveProviderDialogProps) {
  const remove = useRemoveProvider();
  const confirm = () => {
    if (!provider) return;
    remove.mutate(provider.provider_id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Provider removed',
          message: `${provider.label} and its key were removed.`,
        });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={provider ? `Remove ${provider.label}?` : ''}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          The provider{' '}
          <Text span ff="monospace" size="sm">
            {provider?.provider_id}
          </Text>{' '}
          and its stored key are deleted.
          {isDefault
            ? ' It serves the default model, so the default is cleared and the first remaining provider takes over.'
            : ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Remove provider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
