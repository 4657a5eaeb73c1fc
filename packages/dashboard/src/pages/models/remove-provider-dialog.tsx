import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Provider } from '../../api/models';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
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
    return remove.mutateAsync(provider.provider_id).then(() =>
      notifications.show({
        color: 'green',
        title: 'Provider removed',
        message: `${provider.label} and its key were removed.`,
      }),
    );
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onReset={remove.reset}
      title={provider ? `Remove ${provider.label}?` : ''}
      confirmLabel="Remove provider"
      onConfirm={confirm}
      busy={remove.isPending}
      refusal={formErrors(remove.error, {}).refusal}
    >
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
    </ConfirmDialog>
  );
}
