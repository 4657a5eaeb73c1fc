import { Alert, Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { IntegrationDetail, IntegrationField } from '../../api/integrations';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import {
  useRemoveCredentials,
  useSetCredentials,
  useTestIntegration,
} from '../../hooks/use-integrations';

/** Whether a value is stored; for a secret never the value, at most its last four characters. */
function FieldState({ field }: { field: IntegrationField }) {
  if (!field.set) {
    return (
      <Badge variant="outline" color="gray" size="sm" data-testid="field-state">
        not set
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color="teal" size="sm" data-testid="field-state">
        set
      </Badge>
      {field.secret ? (
        <Text size="xs" c="dimmed">
          {field.last4 ? `ends in ${field.last4}, ` : ''}
          {field.set_at ? <RelativeTime value={field.set_at} /> : null}
        </Text>
      ) : (
        <Text size="xs" ff="monospace">
          {field.value}
        </Text>
      )}
    </Group>
  );
}

function FieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: IntegrationField;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const props = {
    label: (
      <Group gap="xs" component="span">
        {field.label}
        {field.optional ? (
          <Text span size="xs" c="dimmed">
            optional
          </Text>
        ) : null}
      </Group>
    ),
    'aria-label': field.label,
    placeholder: field.set ? 'Enter a new value to replace it' : field.example,
    value,
    onChange: (event: { currentTarget: HTMLInputElement }) => onChange(event.currentTarget.value),
    autoComplete: 'off',
    error,
  };
  return (
    <Stack gap={4}>
      {field.secret ? <PasswordInput {...props} /> : <TextInput {...props} />}
      <FieldState field={field} />
    </Stack>
  );
}

function TestOutcome({ id }: { id: string }) {
  const test = useTestIntegration(id);
  const result = test.data;
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        onClick={() => test.mutate()}
        loading={test.isPending}
        w="fit-content"
      >
        Test connection
      </Button>
      {result && !test.isPending ? (
        <Alert
          variant="light"
          color={result.ok ? 'teal' : 'red'}
          title={result.ok ? 'Connection works' : 'Connection failed'}
          data-testid="test-result"
        >
          <Text size="sm">
            {result.action} answered {result.status ?? 'nothing'} in {result.duration_ms} ms
            {result.error ? ` (${result.error}${result.message ? `: ${result.message}` : ''})` : ''}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Set, replace, remove and test the connector's credentials; stored secrets are never shown. */
export function CredentialsPanel({ integration }: { integration: IntegrationDetail }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useSetCredentials(integration.id);
  const remove = useRemoveCredentials(integration.id);
  const entered = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const anySet = integration.fields.some((field) => field.set);
  const errors = formErrors(
    save.error ?? remove.error,
    Object.fromEntries(integration.fields.map((field) => [field.name, `/values/${field.name}`])),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The typed secrets leave the page's state as soon as the runtime has them.
    remove.reset();
    save.mutate(entered, { onSuccess: () => setValues({}) });
  };

  return (
    <Panel title="Credentials">
      {integration.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          This connector needs no credentials.
        </Text>
      ) : (
        <form onSubmit={submit} aria-label="Credentials">
          <Stack gap="sm">
            {integration.fields.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                value={values[field.name] ?? ''}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                error={errors.fields[field.name]}
              />
            ))}
            <FormRefusal refusal={errors.refusal} />
            <Group gap="sm">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={Object.keys(entered).length === 0}
              >
                Save credentials
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  save.reset();
                  remove.mutate();
                }}
                loading={remove.isPending}
                disabled={!anySet}
              >
                Remove credentials
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Text size="xs" c="dimmed">
        Secrets are sealed in the vault and used only for the outbound call; neither this page nor
        the model ever reads them back.
      </Text>
      <TestOutcome id={integration.id} />
    </Panel>
  );
}
