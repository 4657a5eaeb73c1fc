import { Select, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ItemKind } from '../../api/memory';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { useCreateItem } from '../../hooks/use-memory';

const KINDS: ItemKind[] = ['fact', 'preference', 'procedure', 'block'];

interface NewItemDialogProps {
  onClose: () => void;
  onCreated: (id: string) => void;
}

/** Writes an item as the operator: active at once; a block is pinned into every prompt. */
export function NewItemDialog({ onClose, onCreated }: NewItemDialogProps) {
  const [path, setPath] = useState('');
  const [kind, setKind] = useState<ItemKind>('fact');
  const [text, setText] = useState('');
  const create = useCreateItem();
  const errors = formErrors(create.error, { path: '/path', kind: '/kind', text: '/text' });
  return (
    <FormDialog
      onClose={onClose}
      onReset={create.reset}
      title="New memory item"
      label="New memory item"
      submitLabel="Write item"
      submitDisabled={!path.trim() || !text.trim()}
      busy={create.isPending}
      refusal={errors.refusal}
      onSubmit={() =>
        create.mutateAsync({ path: path.trim(), kind, text }).then((item) => onCreated(item.id))
      }
    >
      <TextInput
        label="Path"
        description="Lower-case segments separated by /, such as facts/people/ana"
        value={path}
        onChange={(event) => setPath(event.currentTarget.value)}
        error={errors.fields.path}
        data-autofocus
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
    </FormDialog>
  );
}
