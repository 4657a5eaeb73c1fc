import { Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ItemKind } from '../../api/memory';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { useCreateItem } from '../../hooks/use-memory';

const KINDS: ItemKind[] = ['fact', 'preference', 'procedure', 'block'];

/** Writes an item as the operator: active at once; a block is pinned into every prompt. */
export function NewItemForm({ onCreated }: { onCreated: (id: string) => void }) {
  const [path, setPath] = useState('');
  const [kind, setKind] = useState<ItemKind>('fact');
  const [text, setText] = useState('');
  const create = useCreateItem();
  const errors = formErrors(create.error, { path: '/path', kind: '/kind', text: '/text' });
  return (
    <Stack gap="sm">
      <TextInput
        label="Path"
        description="Lower-case segments separated by /, such as facts/people/ana"
        value={path}
        onChange={(event) => setPath(event.currentTarget.value)}
        error={errors.fields.path}
      />
      <Select
        label="Kind"
        data={KINDS}
        value={kind}
        onChange={(value) => setKind((value as ItemKind | null) ?? 'fact')}
        allowDeselect={false}
        error={errors.fields.kind}
      />
      <Textarea
        label="Text"
        autosize
        minRows={3}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={errors.fields.text}
      />
      <FormRefusal refusal={errors.refusal} />
      <Button
        onClick={() =>
          create.mutate(
            { path: path.trim(), kind, text },
            { onSuccess: (item) => onCreated(item.id) },
          )
        }
        loading={create.isPending}
        disabled={!path.trim() || !text.trim()}
      >
        Write item
      </Button>
    </Stack>
  );
}
