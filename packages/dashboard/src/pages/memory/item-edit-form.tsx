import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { MemoryItem } from '../../api/memory';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { useEditItem } from '../../hooks/use-memory';

/** Edits text and path; provenance stays, and the change is written to the history. */
export function ItemEditForm({ item, onDone }: { item: MemoryItem; onDone: () => void }) {
  const [text, setText] = useState(item.text);
  const [path, setPath] = useState(item.path);
  const [reason, setReason] = useState('');
  const change = useEditItem();
  const errors = formErrors(change.error, { text: '/text', path: '/path', reason: '/reason' });
  const save = () => {
    const edit = {
      ...(text !== item.text ? { text } : {}),
      ...(path !== item.path ? { path } : {}),
    };
    if (Object.keys(edit).length === 0) return onDone();
    change.mutate(
      { id: item.id, edit: { ...edit, ...(reason.trim() ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Saved' });
          onDone();
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <Textarea
        label="Text"
        autosize
        minRows={3}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={errors.fields.text}
      />
      <TextInput
        label="Path"
        value={path}
        onChange={(event) => setPath(event.currentTarget.value)}
        error={errors.fields.path}
      />
      <TextInput
        label="Reason (kept in the history)"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errors.fields.reason}
      />
      <FormRefusal refusal={errors.refusal} />
      <Group gap="xs">
        <Button size="xs" onClick={save} loading={change.isPending}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
