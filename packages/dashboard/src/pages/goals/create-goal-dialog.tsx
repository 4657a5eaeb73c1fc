import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { Goal } from '../../api/goals';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
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

  const close = () => {
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = { objective: objective.trim(), priority: Number(priority) };
    const problems: Partial<Record<FieldName, string>> = {};
    if (!value.objective) problems.objective = 'Say what the goal should achieve.';
    if (!Number.isInteger(value.priority) || value.priority < 1 || value.priority > 10)
      problems.priority = 'A whole number from 1 to 10.';
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(value, {
      onSuccess: (goal) => {
        notifications.show({
          color: 'green',
          title: 'Goal created',
          message: 'It is planned into a task graph within seconds, then its tasks start.',
        });
        close();
        onCreated?.(goal);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Create a goal" centered size="lg">
      <form onSubmit={submit} noValidate aria-label="Create goal">
        <Stack gap="md">
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
          <FormRefusal refusal={refused.refusal} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create goal
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
