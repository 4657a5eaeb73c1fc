import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Agent } from '../../api/agents';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
import { useDeleteAgent } from '../../hooks/use-agents';

interface DeleteAgentDialogProps {
  opened: boolean;
  agent: Agent | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteAgentDialog({ opened, agent, onClose, onDeleted }: DeleteAgentDialogProps) {
  const remove = useDeleteAgent();
  const confirm = () => {
    if (!agent) return;
    return remove.mutateAsync(agent.agent_id).then(() => {
      notifications.show({
        color: 'green',
        title: 'Agent deleted',
        message: `${agent.name} and its message log were deleted.`,
      });
      onDeleted?.();
    });
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onReset={remove.reset}
      title={agent ? `Delete ${agent.name}?` : ''}
      confirmLabel="Delete agent"
      onConfirm={confirm}
      busy={remove.isPending}
      refusal={formErrors(remove.error, {}).refusal}
    >
      <Text size="sm">
        The agent and its message log are deleted for good
        {agent?.status === 'running' ? ', and the work it is doing now is cancelled' : ''}. Its
        conversation and decision traces stay, like any chat's, and its name is free again.
      </Text>
    </ConfirmDialog>
  );
}
