import { notifications } from '@mantine/notifications';
import type { Rule } from '../../api/behavioral';
import { useCreateRule, useUpdateRule } from '../../hooks/use-behavioral';
import { changedFields, RuleForm, type RuleFormValues } from './rule-form';

interface RuleFormDialogProps {
  /** The rule to edit; absent: write a new one. */
  rule?: Rule | null;
  onClose: () => void;
}

const NEW_RULE: RuleFormValues = {
  text: '',
  trigger: { type: 'always' },
  confidence: 1,
  enabled: true,
};

/** Write a rule, or change one's text, trigger or confidence. Mounted per use. */
export function RuleFormDialog({ rule, onClose }: RuleFormDialogProps) {
  const create = useCreateRule();
  const update = useUpdateRule();
  const mutation = rule ? update : create;
  const initial: RuleFormValues = rule
    ? { text: rule.text, trigger: rule.trigger, confidence: rule.confidence, enabled: rule.enabled }
    : NEW_RULE;

  const submit = (values: RuleFormValues) => {
    if (!rule) {
      return create.mutateAsync(values).then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Rule created',
          message: saved.enabled
            ? 'It applies from the next request its trigger matches.'
            : 'It is saved disabled; switch it on to apply it.',
        }),
      );
    }
    const change = changedFields(initial, values);
    if (Object.keys(change).length === 0) return Promise.resolve();
    return update.mutateAsync({ id: rule.rule_id, change }).then(() =>
      notifications.show({
        color: 'green',
        title: 'Rule saved',
        message: 'The change applies from the next request.',
      }),
    );
  };

  return (
    <RuleForm
      title={rule ? 'Edit behavioral rule' : 'New behavioral rule'}
      initial={initial}
      withEnabled={!rule}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel={rule ? 'Save rule' : 'Create rule'}
      onSubmit={submit}
      onClose={onClose}
      onReset={() => {
        create.reset();
        update.reset();
      }}
      onTouch={() => {
        if (mutation.isError) mutation.reset();
      }}
    />
  );
}
