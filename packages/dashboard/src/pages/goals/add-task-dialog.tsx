import { Alert, MultiSelect, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { GoalDetail, GoalTask } from '../../api/goals';
import { FormDialog } from '../../components/form-dialog';
import { formErrors, type Refusal } from '../../components/form-errors';
import { useAddGoalTask } from '../../hooks/use-goals';

type FieldName = 'title' | 'instruction' | 'depends_on' | 'dependents';
const FIELD_PATHS: Record<FieldName, string> = {
  title: '/title',
  instruction: '/instruction',
  depends_on: '/depends_on',
  dependents: '/dependents',
};
type FieldErrors = Partial<Record<FieldName, string>> & { refusal?: Refusal; cycle?: string };

const taskLabel = (task: GoalTask) => `#${task.position} ${task.title}`;

/** Task ids in the runtime's messages, replaced by what the operator sees in the graph. */
function withTitles(message: string, tasks: GoalTask[]): string {
  let text = message;
  for (const task of tasks) text = text.split(task.task_id).join(`"${taskLabel(task)}"`);
  return text;
}

/** The shared mapping, with task ids named as in the graph and a cycle shown as a path. */
function fieldErrors(error: unknown, tasks: GoalTask[]): FieldErrors {
  const refused = formErrors(error, FIELD_PATHS);
  const errors: FieldErrors = {};
  for (const [field, raw] of Object.entries(refused.fields) as [FieldName, string][]) {
    const message = withTitles(raw, tasks);
    if (message.startsWith('cycle:'))
      errors.cycle = message.slice('cycle:'.length).trim().replace(/ -> /g, ' → ');
    else errors[field] = message;
  }
  if (refused.refusal)
    errors.refusal = { ...refused.refusal, message: withTitles(refused.refusal.message, tasks) };
  return errors;
}

interface AddTaskDialogProps {
  goal: GoalDetail;
  opened: boolean;
  onClose: () => void;
  /** Tasks the new one waits for at first (the task selected in the graph). */
  initialDependsOn?: string[];
  onAdded?: (task: GoalTask) => void;
}

export function AddTaskDialog({
  goal,
  opened,
  onClose,
  initialDependsOn = [],
  onAdded,
}: AddTaskDialogProps) {
  const add = useAddGoalTask(goal.goal_id);
  const [title, setTitle] = useState('');
  const [instruction, setInstruction] = useState('');
  const [dependsOn, setDependsOn] = useState<string[]>(initialDependsOn);
  const [dependents, setDependents] = useState<string[]>([]);
  const [missing, setMissing] = useState<Partial<Record<FieldName, string>>>({});
  const errors = { ...missing, ...fieldErrors(add.error, goal.tasks) };

  const ordered = [...goal.tasks].sort((a, b) => a.position - b.position);
  const options = ordered.map((task) => ({
    value: task.task_id,
    label: `${taskLabel(task)} (${task.status})`,
  }));
  // Only a task that has not started can be made to wait for a new one.
  const notStarted = ordered
    .filter((task) => task.status === 'pending' || task.status === 'ready')
    .map((task) => ({ value: task.task_id, label: `${taskLabel(task)} (${task.status})` }));

  const touch = (field: FieldName) => {
    if (add.isError) add.reset();
    if (missing[field]) setMissing(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const value = {
      title: title.trim(),
      instruction: instruction.trim(),
      depends_on: dependsOn,
      dependents,
    };
    const problems: Partial<Record<FieldName, string>> = {};
    if (!value.title) problems.title = 'Give the task a short title.';
    if (!value.instruction) problems.instruction = 'Say what the task should do.';
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;
    return add.mutateAsync(value).then(({ task }) => {
      notifications.show({
        color: 'green',
        title: 'Task added',
        message:
          task.status === 'ready'
            ? `${task.title} is ready and starts when a worker is free.`
            : `${task.title} waits for the tasks it depends on.`,
      });
      onAdded?.(task);
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={add.reset}
      title="Add a task to the graph"
      label="Add task"
      submitLabel="Add task"
      busy={add.isPending}
      refusal={errors.refusal}
      refusalTestId="add-task-error"
      onSubmit={submit}
    >
      <TextInput
        label="Title"
        placeholder="Proofread"
        maxLength={200}
        value={title}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          touch('title');
        }}
        error={errors.title}
        required
        data-autofocus
      />
      <Textarea
        label="Instruction"
        description="One request the agent answers on its own; it also receives the results of the tasks it depends on."
        placeholder="Proofread the draft and list every correction."
        autosize
        minRows={3}
        maxRows={8}
        maxLength={8000}
        value={instruction}
        onChange={(event) => {
          setInstruction(event.currentTarget.value);
          touch('instruction');
        }}
        error={errors.instruction}
        required
      />
      <MultiSelect
        label="Depends on"
        description="Tasks it waits for. With none, or all of them done, it is ready at once."
        placeholder={dependsOn.length === 0 ? 'None' : undefined}
        data={options}
        value={dependsOn}
        onChange={(value) => {
          setDependsOn(value);
          touch('depends_on');
        }}
        error={errors.depends_on}
        searchable
        clearable
        nothingFoundMessage="No such task"
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label="Needed by"
        description="Tasks not yet started that will wait for it: use this to insert a step before them."
        placeholder={dependents.length === 0 ? 'None' : undefined}
        data={notStarted}
        value={dependents}
        onChange={(value) => {
          setDependents(value);
          touch('dependents');
        }}
        error={errors.dependents}
        searchable
        clearable
        nothingFoundMessage="No task that has not started"
        comboboxProps={{ withinPortal: true }}
      />
      {errors.cycle ? (
        <Alert
          color="red"
          variant="light"
          title="These dependencies would make a cycle"
          data-testid="add-task-error"
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {errors.cycle}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            A task cannot wait, directly or through others, for a task that waits for it. Remove one
            of the links.
          </Text>
        </Alert>
      ) : null}
    </FormDialog>
  );
}
