import { Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Goal } from '../../api/goals';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { PriorityInput, priorityProblem } from '../../components/priority-input';
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
    const badPriority = priorityProblem(value.priority);
    if (badPriority) problems.priority = badPriority;
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
      <PriorityInput
        description="1 to 10; ready tasks of more urgent goals start first."
        value={priority}
        onChange={(value) => {
          setPriority(value);
          touch('priority');
        }}
        error={errors.priority}
        w={260}
      />
    </FormDialog>
  );
}
