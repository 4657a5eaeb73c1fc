import { NumberInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Goal } from '../../api/goals';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { useCreateGoal } from '../../hooks/use-goals';

type FieldName = 'objective' | 'priority';
const FIELD_PATHS = { objective: '/objective', priority: '/priority' };

interface CreateGoalDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (goal: Goal) => void;
}

export function CreateGoalDialog({ opened, onClose, onCreated }: CreateGoalDialogProps) {
  const create = useCreateGoal();
  const [objective, setObjective] = useState('');
  const [priority, setPriority] = useState<number | string>(5);
  const [missing, setMissing] = useState<Partial<Record<FieldName, string>>>({});
  const refused = formErrors(create.error, FIELD_PATHS);
  const errors = { ...missing, ...refused.fields };

  const touch = (field: FieldName) => {
    if (create.isError) create.reset();
    if (missing[field]) setMissing(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const value = { objective: objective.trim(), priority: Number(priority) };
    const problems: Partial<Record<FieldName, string>> = {};
    if (!value.objective) problems.objective = 'Say what the goal should achieve.';
    if (!Number.isInteger(value.priority) || value.priority < 1 || value.priority > 10)
      problems.priority = 'A whole number from 1 to 10.';
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    return create.mutateAsync(value).then((goal) => {
      notifications.show({
        color: 'green',
        title: 'Goal created',
        message: 'It is planned into a task graph within seconds, then its tasks start.',
      });
      onCreated?.(goal);
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={create.reset}
      title="Create a goal"
      label="Create goal"
      submitLabel="Create goal"
      busy={create.isPending}
      refusal={refused.refusal}
      onSubmit={submit}
    >
      <Textarea
        label="Objective"
        description="What the agent should achieve on its own. With a model configured, it is planned into up to 8 tasks with dependencies."
        placeholder="Produce the quarterly summary of the sales figures"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        value={objective}
        onChange={(event) => {
          setObjective(event.currentTarget.value);
          touch('objective');
        }}
        error={errors.objective}
        required
        data-autofocus
      />
      <NumberInput
        label="Priority"
        description="1 to 10; ready tasks of more urgent goals start first."
        min={1}
        max={10}
        step={1}
        allowDecimal={false}
        clampBehavior="strict"
        value={priority}
        onChange={(value) => {
          setPriority(value);
          touch('priority');
        }}
        error={errors.priority}
        w={260}
        required
      />
    </FormDialog>
  );
}
