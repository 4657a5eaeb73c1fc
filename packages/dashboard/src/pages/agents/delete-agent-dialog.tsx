import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Agent } from '../../api/agents';
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
    remove.mutate(agent.agent_id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Agent deleted',
          message: `${agent.name} and its message log were deleted.`,
        });
        onClose();
        onDeleted?.();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={agent ? `Delete ${agent.name}?` : ''} centered>
      <Stack gap="md">
        <Text size="sm">
          The agent and its message log are deleted for good
          {agent?.status === 'running' ? ', and the work it is doing now is cancelled' : ''}. Its
          conversation and decision traces stay, like any chat's, and its name is free again.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete agent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
