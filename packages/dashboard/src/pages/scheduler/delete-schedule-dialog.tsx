import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Schedule } from '../../api/schedules';
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
    remove.mutate(schedule.schedule_id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: `${KIND_LABELS[schedule.kind]} deleted`,
          message: `${schedule.name} and its run history were deleted.`,
        });
        onClose();
        onDeleted?.();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={schedule ? `Delete ${schedule.name}?` : ''}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          The schedule, its queued run and its run history are deleted. A run in progress finishes
          but is not recorded. To stop it running for a while instead, switch it off.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
