import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Schedule } from '../../api/schedules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
import { useDeleteSchedule } from '../../hooks/use-schedules';
import { KIND_LABELS } from './schedule-parts';

interface DeleteScheduleDialogProps {
  opened: boolean;
  schedule: Schedule | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteScheduleDialog({
  opened,
  schedule,
  onClose,
  onDeleted,
}: DeleteScheduleDialogProps) {
  const remove = useDeleteSchedule();
  const confirm = () => {
    if (!schedule) return;
    return remove.mutateAsync(schedule.schedule_id).then(() => {
      notifications.show({
        color: 'green',
        title: `${KIND_LABELS[schedule.kind]} deleted`,
        message: `${schedule.name} and its run history were deleted.`,
      });
      onDeleted?.();
    });
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onReset={remove.reset}
      title={schedule ? `Delete ${schedule.name}?` : ''}
      confirmLabel="Delete"
      onConfirm={confirm}
      busy={remove.isPending}
      refusal={formErrors(remove.error, {}).refusal}
    >
      <Text size="sm">
        The schedule, its queued run and its run history are deleted. A run in progress finishes but
        is not recorded. To stop it running for a while instead, switch it off.
      </Text>
    </ConfirmDialog>
  );
}
