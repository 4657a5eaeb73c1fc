import {
  Alert,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import {
  PRIME_MAX_CHARACTERS,
  PRIME_NOTE_MAX,
  type PrimeDocument,
  type VersionConflict,
} from '../../api/config';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useSavePrime } from '../../hooks/use-config';

/** An edit in progress: the text, and the version it started from. */
export interface PrimeEdit {
  base: PrimeDocument;
  text: string;
}

const characters = (text: string) => [...text].length;
const count = new Intl.NumberFormat('en-US');

function conflictVersion(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'version_conflict') return null;
  const body = error.body as Partial<VersionConflict> | undefined;
  return typeof body?.current_version === 'number' ? body.current_version : null;
}

function SavedBy({ prime }: { prime: PrimeDocument }) {
  if (prime.version === 0 || !prime.updated_at) {
    return (
      <Text size="sm" c="dimmed" data-testid="prime-version">
        Never saved: nothing is added to prompts yet.
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="prime-version">
      Version {prime.version}, saved by{' '}
      <Text span fw={600} c="var(--mantine-color-text)" inherit>
        {prime.updated_by}
      </Text>{' '}
      <RelativeTime value={prime.updated_at} />
    </Text>
  );
}

interface PrimeEditorProps {
  latest: PrimeDocument | undefined;
  edit: PrimeEdit | null;
  onEdit: (edit: PrimeEdit | null) => void;
}

/**
 * The prime.md editor. Saving names the version the edit started from, so an edit made on an
 * older version is refused (409) rather than silently overwriting someone else's save.
 */
export function PrimeEditor({ latest, edit, onEdit }: PrimeEditorProps) {
  const save = useSavePrime();
  const [note, setNote] = useState('');
  const dirty = edit !== null && edit.text !== edit.base.content;
  const base = dirty ? edit.base : latest;
  const text = dirty ? edit.text : (latest?.content ?? '');
  const length = characters(text);
  const tooLong = length > PRIME_MAX_CHARACTERS;

  const refused = conflictVersion(save.error);
  // Someone saved since this edit began: the save would be refused, so say so before it is.
  const staleBy = dirty && latest && latest.version !== edit.base.version ? latest : null;
  const conflict = refused !== null || staleBy !== null;
  const theirVersion = latest && latest.version >= (refused ?? 0) ? latest.version : refused;
  const errors = formErrors(save.error, { content: '/content', note: '/note' });
  // A version conflict has its own card above, with the way out.
  const otherRefusal = refused === null ? errors.refusal : undefined;

  const change = (value: string) => {
    if (save.isError) save.reset();
    if (!latest) return;
    onEdit({ base: dirty ? edit.base : latest, text: value });
  };

  const reset = () => {
    save.reset();
    setNote('');
    onEdit(null);
  };

  const store = (baseVersion: number) =>
    save.mutate(
      { content: text, base_version: baseVersion, note: note.trim() || null },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            title: `prime.md saved as version ${saved.version}`,
            message: 'It applies from the next request the model answers.',
          });
          reset();
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!base || !dirty || tooLong) return;
    store(base.version);
  };

  return (
    <Panel
      title="prime.md"
      aside={
        latest ? (
          <Badge variant="light" color={latest.version === 0 ? 'gray' : 'indigo'}>
            {latest.version === 0 ? 'Empty' : `Version ${latest.version}`}
          </Badge>
        ) : null
      }
    >
      <Text size="sm" c="dimmed">
        Standing instructions added to every request the model answers (the fast path and the
        decision layer use no model). Every save is a new version; none is ever lost.
      </Text>
      {!latest ? (
        <Stack gap="sm">
          <Skeleton h={16} w="50%" />
          <Skeleton h={320} />
        </Stack>
      ) : (
        <form onSubmit={submit} aria-label="Edit prime.md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <SavedBy prime={latest} />
              {dirty ? (
                <Badge variant="dot" color="yellow" data-testid="prime-dirty">
                  Unsaved changes on version {edit.base.version}
                </Badge>
              ) : null}
            </Group>
            {conflict ? (
              <Alert
                color="orange"
                variant="light"
                title="prime.md was changed by someone else"
                data-testid="prime-conflict"
              >
                <Stack gap="xs">
                  <Text size="sm">
                    {staleBy?.updated_by
                      ? `${staleBy.updated_by} saved version ${staleBy.version} after you started editing version ${edit?.base.version}.`
                      : `It is now at version ${theirVersion}, not the version ${edit?.base.version} you started from.`}{' '}
                    {refused !== null
                      ? 'Your save was refused and your text is kept below.'
                      : 'Saving now would be refused.'}{' '}
                    Load the latest version to continue from it, or save your text on top of it.
                  </Text>
                  <Group gap="sm">
                    <Button size="xs" variant="filled" color="orange" onClick={reset}>
                      Load the latest (discard my edits)
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={save.isPending}
                      disabled={tooLong || theirVersion === null}
                      onClick={() => theirVersion !== null && store(theirVersion)}
                    >
                      Save mine as the newest version
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            <Textarea
              aria-label="prime.md"
              value={text}
              onChange={(event) => change(event.currentTarget.value)}
              autosize
              minRows={14}
              maxRows={28}
              spellCheck={false}
              placeholder={
                'Standing instructions, in Markdown. For example:\n\n- Answer in British English.\n- Never run commands that delete data without asking first.'
              }
              error={errors.fields.content}
              styles={{
                input: {
                  fontFamily: 'var(--mantine-font-family-monospace)',
                  fontSize: 13,
                  lineHeight: 1.55,
                },
              }}
            />
            <Text
              size="xs"
              c={tooLong ? 'red' : 'dimmed'}
              ta="right"
              data-testid="prime-characters"
            >
              {count.format(length)} / {count.format(PRIME_MAX_CHARACTERS)} characters
              {tooLong ? ': too long to save' : ''}
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Note"
                placeholder="What changed and why (optional, shown in the history)"
                value={note}
                maxLength={PRIME_NOTE_MAX}
                onChange={(event) => setNote(event.currentTarget.value)}
                error={errors.fields.note}
                style={{ flex: 1, minWidth: 240 }}
              />
              {dirty ? (
                <Button variant="default" onClick={reset}>
                  Discard changes
                </Button>
              ) : null}
              <Button type="submit" disabled={!dirty || tooLong} loading={save.isPending}>
                Save
              </Button>
            </Group>
            <FormRefusal refusal={otherRefusal} />
          </Stack>
        </form>
      )}
    </Panel>
  );
}
