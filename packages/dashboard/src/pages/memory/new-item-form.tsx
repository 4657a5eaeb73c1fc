import { Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { createItem, type ItemKind } from '../../api/memory';
import { memoryQueryKey } from '../../hooks/use-memory';

const KINDS: ItemKind[] = ['fact', 'preference', 'procedure', 'block'];

/** Writes an item as the operator: active at once; a block is pinned into every prompt. */
export function NewItemForm({ onCreated }: { onCreated: (id: string) => void }) {
  const [path, setPath] = useState('');
  const [kind, setKind] = useState<ItemKind>('fact');
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createItem,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: memoryQueryKey });
      onCreated(item.id);
    },
  });
  const error = create.error instanceof ApiError ? create.error : null;
  return (
    <Stack gap="sm">
      <TextInput
        label="Path"
        description="Lower-case segments separated by /, such as facts/people/ana"
        value={path}
        onChange={(event) => setPath(event.currentTarget.value)}
        error={error?.detailFor('/path')}
      />
      <Select
        label="Kind"
        data={KINDS}
        value={kind}
        onChange={(value) => setKind((value as ItemKind | null) ?? 'fact')}
        allowDeselect={false}
      />
      <Textarea
        label="Text"
        autosize
        minRows={3}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error?.detailFor('/text') ?? (error && !error.details.length ? error.message : null)}
      />
      <Button
        onClick={() => create.mutate({ path: path.trim(), kind, text })}
        loading={create.isPending}
        disabled={!path.trim() || !text.trim()}
      >
        Write item
      </Button>
    </Stack>
  );
}
