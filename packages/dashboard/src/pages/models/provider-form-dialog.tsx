import {
  Badge,
  Group,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { NewProvider, Provider, ProviderChange, ProviderKind } from '../../api/models';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { useAddProvider, useUpdateProvider } from '../../hooks/use-models';
import { COMPATIBLE_URL_EXAMPLE, DEFAULT_BASE_URLS, KIND_OPTIONS, slugify } from './provider-kinds';

interface ProviderFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The provider to edit; absent: add a new one. */
  provider?: Provider | null;
}

type KeyAction = 'keep' | 'replace' | 'remove';

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const FIELD_PATHS = {
  provider_id: '/provider_id',
  kind: '/kind',
  label: '/label',
  base_url: '/base_url',
  api_key: '/api_key',
};

function KeyField({
  provider,
  action,
  onAction,
  value,
  onChange,
  error,
}: {
  provider: Provider;
  action: KeyAction;
  onAction: (action: KeyAction) => void;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Input.Label>API key</Input.Label>
        <Badge variant="light" color={provider.has_key ? 'green' : 'gray'}>
          {provider.has_key ? 'Key set' : 'No key'}
        </Badge>
      </Group>
      <SegmentedControl
        size="xs"
        aria-label="API key"
        value={action}
        onChange={(next) => onAction(next as KeyAction)}
        data={[
          { value: 'keep', label: provider.has_key ? 'Keep the key' : 'No key' },
          { value: 'replace', label: provider.has_key ? 'Replace it' : 'Set a key' },
          ...(provider.has_key ? [{ value: 'remove', label: 'Remove it' }] : []),
        ]}
      />
      {action === 'replace' ? (
        <PasswordInput
          aria-label="New API key"
          placeholder="Paste the new key"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          styles={monospace}
        />
      ) : (
        <Text size="xs" c={error ? 'red' : 'dimmed'}>
          {error ??
            (action === 'remove'
              ? 'The stored key is deleted when you save.'
              : 'Keys are stored encrypted and never shown again.')}
        </Text>
      )}
    </Stack>
  );
}

export function ProviderFormDialog({ opened, onClose, provider }: ProviderFormDialogProps) {
  const editing = Boolean(provider);
  const add = useAddProvider();
  const update = useUpdateProvider();
  const mutation = editing ? update : add;
  const [kind, setKind] = useState<ProviderKind>(provider?.kind ?? 'openai_compatible');
  const [label, setLabel] = useState(provider?.label ?? '');
  const [id, setId] = useState(provider?.provider_id ?? '');
  const [idTouched, setIdTouched] = useState(editing);
  // A provider on its kind's default URL shows an empty field with the default as placeholder.
  const [initialUrl] = useState(
    provider?.base_url && provider.base_url !== DEFAULT_BASE_URLS[provider.kind]
      ? provider.base_url
      : '',
  );
  const [baseUrl, setBaseUrl] = useState(initialUrl);
  const [apiKey, setApiKey] = useState('');
  const [keyAction, setKeyAction] = useState<KeyAction>('keep');
  const refused = formErrors(mutation.error, FIELD_PATHS, { provider_exists: 'provider_id' });
  const errors = refused.fields;
  const compatible = kind === 'openai_compatible';
  const [missingUrl, setMissingUrl] = useState(false);
  const [missingKey, setMissingKey] = useState(false);

  const touch = () => {
    if (mutation.isError) mutation.reset();
  };

  const done = (saved: Provider, verb: string) =>
    notifications.show({
      color: 'green',
      title: `Provider ${verb}`,
      message: `${saved.label} (${saved.provider_id}) is ${verb}. Use Test to check that it answers.`,
    });

  const submit = () => {
    const url = baseUrl.trim();
    if (compatible && !url) {
      setMissingUrl(true);
      return;
    }
    setMissingUrl(false);
    if (keyAction === 'replace' && !apiKey) {
      // An empty key would remove the stored one, which is what "Remove it" is for.
      setMissingKey(true);
      return;
    }
    if (provider) {
      // Only what changed is sent, so the audit log names exactly that.
      const change: ProviderChange = {};
      if (label.trim() !== provider.label) change.label = label.trim();
      // An emptied URL goes back to the kind's default.
      if (url !== initialUrl) change.base_url = url || null;
      if (keyAction === 'replace') change.api_key = apiKey;
      if (keyAction === 'remove') change.api_key = null;
      if (Object.keys(change).length === 0) return Promise.resolve();
      return update
        .mutateAsync({ id: provider.provider_id, change })
        .then((saved) => done(saved, 'saved'));
    }
    const created: NewProvider = { provider_id: id.trim(), kind, label: label.trim() };
    if (url) created.base_url = url;
    if (apiKey) created.api_key = apiKey;
    return add.mutateAsync(created).then((saved) => done(saved, 'added'));
  };

  const defaultUrl = DEFAULT_BASE_URLS[kind];

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={() => {
        add.reset();
        update.reset();
      }}
      title={provider ? `Edit ${provider.label}` : 'Add a model provider'}
      label={provider ? 'Edit provider' : 'Add provider'}
      submitLabel={provider ? 'Save' : 'Add provider'}
      busy={mutation.isPending}
      refusal={refused.refusal}
      onSubmit={submit}
    >
      <Select
        label="Kind"
        data={KIND_OPTIONS}
        value={kind}
        allowDeselect={false}
        disabled={editing}
        description={editing ? 'The kind of a provider cannot change.' : undefined}
        onChange={(value) => {
          if (value) setKind(value as ProviderKind);
          setMissingUrl(false);
          touch();
        }}
        error={errors.kind}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Label"
        placeholder={compatible ? 'Local vLLM' : 'OpenAI (team account)'}
        value={label}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setLabel(value);
          if (!idTouched) setId(slugify(value));
          touch();
        }}
        error={errors.label}
        required
        data-autofocus
      />
      <TextInput
        label="Provider id"
        description={
          editing
            ? 'Default models refer to it, so it cannot change.'
            : 'Lower-case, 1 to 40 of a-z 0-9 _ -; used in model references such as my-vllm/llama-3.1-8b.'
        }
        placeholder="local-vllm"
        value={id}
        disabled={editing}
        onChange={(event) => {
          setId(event.currentTarget.value);
          setIdTouched(true);
          touch();
        }}
        error={errors.provider_id}
        styles={monospace}
        spellCheck={false}
        autoCapitalize="none"
        required
      />
      <TextInput
        label="Base URL"
        description={
          compatible
            ? 'Required: where the server answers the OpenAI API, usually ending in /v1.'
            : `Optional: leave empty for ${defaultUrl}.`
        }
        placeholder={defaultUrl ?? COMPATIBLE_URL_EXAMPLE}
        value={baseUrl}
        onChange={(event) => {
          setBaseUrl(event.currentTarget.value);
          setMissingUrl(false);
          touch();
        }}
        error={
          errors.base_url ??
          (missingUrl ? 'An OpenAI-compatible provider needs its base URL.' : undefined)
        }
        styles={monospace}
        spellCheck={false}
        autoCapitalize="none"
        required={compatible}
        type="url"
      />
      {provider ? (
        <KeyField
          provider={provider}
          action={keyAction}
          onAction={(action) => {
            setKeyAction(action);
            touch();
          }}
          value={apiKey}
          onChange={(value) => {
            setApiKey(value);
            setMissingKey(false);
            touch();
          }}
          error={errors.api_key ?? (missingKey ? 'Paste the new key.' : undefined)}
        />
      ) : (
        <PasswordInput
          label="API key"
          description={
            compatible
              ? 'Optional: local servers often need none.'
              : 'Stored encrypted; never shown again.'
          }
          placeholder={kind === 'anthropic' ? 'sk-ant-…' : 'sk-…'}
          autoComplete="off"
          value={apiKey}
          onChange={(event) => {
            setApiKey(event.currentTarget.value);
            touch();
          }}
          error={errors.api_key}
          styles={monospace}
        />
      )}
    </FormDialog>
  );
}
