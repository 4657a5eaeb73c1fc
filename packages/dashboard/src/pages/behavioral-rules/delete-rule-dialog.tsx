import { Blockquote, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Rule } from '../../api/behavioral';
import { useDeleteRule } from '../../hooks/use-behavioral';

interface DeleteRuleDialogProps {
  opened: boolean;
  /** Kept while the dialog animates closed. */
  rule: Rule | null;
  onClose: () => void;
}

export function DeleteRuleDialog({ opened, rule, onClose }: DeleteRuleDialogProps) {
  const remove = useDeleteRule();
  const confirm = () => {
    if (!rule) return;
    remove.mutate(rule.rule_id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Rule deleted',
          message: 'It no longer applies to any request.',
        });
        onClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Delete this rule?" centered>
      <Stack gap="md">
        <Blockquote color="gray" p="sm" fz="sm">
          {rule?.text}
        </Blockquote>
        <Text size="sm">
          The rule and its hit count ({rule?.hit_count ?? 0}) are deleted; the audit log keeps a
          record. To stop it applying for a while instead, switch it off.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete rule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
