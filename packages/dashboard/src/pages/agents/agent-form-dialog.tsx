import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Agent, AgentChange } from '../../api/agents';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { PriorityInput, priorityProblem } from '../../components/priority-input';
import { useCreateAgent, useUpdateAgent } from '../../hooks/use-agents';

interface AgentFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The agent to edit; absent: create one. */
  agent?: Agent | null;
  /** After a create, with the new agent (to open it). */
  onCreated?: (agent: Agent) => void;
}

type FieldName = 'name' | 'objective' | 'priority';
const FIELD_PATHS = { name: '/name', objective: '/objective', priority: '/priority' };

export function AgentFormDialog({ opened, onClose, agent, onCreated }: AgentFormDialogProps) {
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const mutation = agent ? update : create;
  const [name, setName] = useState(agent?.name ?? '');
  const [objective, setObjective] = useState(agent?.objective ?? '');
  const [priority, setPriority] = useState<number | string>(agent?.priority ?? 5);
  const [missing, setMissing] = useState<Partial<Record<FieldName, string>>>({});
  const refused = formErrors(mutation.error, FIELD_PATHS, { name_taken: 'name' });
  const errors = { ...missing, ...refused.fields };

  const touch = (field: FieldName) => {
    if (mutation.isError) mutation.reset();
    if (missing[field]) setMissing(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    const value = { name: name.trim(), objective: objective.trim(), priority: Number(priority) };
    const problems: Partial<Record<FieldName, string>> = {};
    if (!value.name) problems.name = 'Give the agent a name.';
    if (!value.objective) problems.objective = 'Say what the agent is for.';
    const badPriority = priorityProblem(value.priority);
    if (badPriority) problems.priority = badPriority;
    setMissing(problems);
    if (Object.keys(problems).length > 0) return;

    if (agent) {
      // Only what changed is sent, so the audit log names exactly that.
      const change: AgentChange = {};
      if (value.name !== agent.name) change.name = value.name;
      if (value.objective !== agent.objective) change.objective = value.objective;
      if (value.priority !== agent.priority) change.priority = value.priority;
      if (Object.keys(change).length === 0) return Promise.resolve();
      return update.mutateAsync({ id: agent.agent_id, change }).then((saved) =>
        notifications.show({
          color: 'green',
          title: 'Agent saved',
          message: `${saved.name}: the change applies from its next message.`,
        }),
      );
    }
    return create.mutateAsync(value).then((created) => {
      notifications.show({
        color: 'green',
        title: 'Agent created',
        message: `${created.name} is idle and ready for work.`,
      });
      onCreated?.(created);
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={() => {
        create.reset();
        update.reset();
      }}
      title={agent ? `Edit ${agent.name}` : 'Create a sub-agent'}
      label={agent ? 'Edit agent' : 'Create agent'}
      submitLabel={agent ? 'Save' : 'Create agent'}
      busy={mutation.isPending}
      refusal={refused.refusal}
      onSubmit={submit}
    >
      <TextInput
        label="Name"
        description="How you and the main agent address it; unique, whatever the case."
        placeholder="Researcher"
        value={name}
        maxLength={64}
        onChange={(event) => {
          setName(event.currentTarget.value);
          touch('name');
        }}
        error={errors.name}
        required
        data-autofocus
      />
      <Textarea
        label="Objective"
        description="Its standing instruction: what it works towards in every message."
        placeholder="Find facts about the release and report them with sources."
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
      />
      <PriorityInput
        description="1 to 10; 10 is the most urgent."
        value={priority}
        onChange={(value) => {
          setPriority(value);
          touch('priority');
        }}
        error={errors.priority}
        w={240}
      />
    </FormDialog>
  );
}
