import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { Identity, IdentityChange } from '../../api/identity';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { useUpdateIdentity } from '../../hooks/use-identity';

export const PERSONA_MAX = 4000;
const NAME_MAX = 64;

interface IdentityFormProps {
  identity: Identity;
  onDone: () => void;
}

/** Sends only what changed; the runtime's rules come back as field errors. */
export function IdentityForm({ identity, onDone }: IdentityFormProps) {
  const [name, setName] = useState(identity.name);
  const [persona, setPersona] = useState(identity.persona);
  const update = useUpdateIdentity();
  const refused = formErrors(update.error, { name: '/name', persona: '/persona' });

  const change: IdentityChange = {
    ...(name.trim() !== identity.name ? { name: name.trim() } : {}),
    ...(persona !== identity.persona ? { persona } : {}),
  };
  const dirty = Object.keys(change).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    update.mutate(change, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          title: 'Identity saved',
          message:
            change.name !== undefined
              ? `The agent is now called ${saved.name}.`
              : 'The persona was updated.',
        });
        onDone();
      },
    });
  };

  const nameError =
    refused.fields.name ?? (name.trim() === '' ? 'The agent needs a name.' : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="Edit identity">
      <Stack gap="md">
        <TextInput
          label="Name"
          description={`1 to ${NAME_MAX} characters`}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (update.isError) update.reset();
          }}
          error={nameError}
          maxLength={NAME_MAX}
          required
          data-autofocus
          maw={420}
        />
        <Textarea
          label="Persona"
          description={`How the agent speaks and what it cares about; part of every model prompt. ${persona.length} / ${PERSONA_MAX} characters.`}
          value={persona}
          onChange={(event) => {
            setPersona(event.currentTarget.value);
            if (update.isError) update.reset();
          }}
          error={refused.fields.persona}
          maxLength={PERSONA_MAX}
          autosize
          minRows={5}
          maxRows={16}
        />
        <FormRefusal refusal={refused.refusal} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!dirty || name.trim() === ''}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
