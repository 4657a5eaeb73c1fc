import { Blockquote, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Rule } from '../../api/behavioral';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
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
    return remove.mutateAsync(rule.rule_id).then(() =>
      notifications.show({
        color: 'green',
        title: 'Rule deleted',
        message: 'It no longer applies to any request.',
      }),
    );
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onReset={remove.reset}
      title="Delete this rule?"
      confirmLabel="Delete rule"
      onConfirm={confirm}
      busy={remove.isPending}
      refusal={formErrors(remove.error, {}).refusal}
    >
      <Blockquote color="gray" p="sm" fz="sm">
        {rule?.text}
      </Blockquote>
      <Text size="sm">
        The rule and its hit count ({rule?.hit_count ?? 0}) are deleted; the audit log keeps a
        record. To stop it applying for a while instead, switch it off.
      </Text>
    </ConfirmDialog>
  );
}
