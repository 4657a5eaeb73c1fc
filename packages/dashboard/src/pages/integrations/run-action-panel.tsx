import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import type { ExecuteRequest, IntegrationDetail } from '../../api/integrations';
import { formErrors } from '../../components/form-errors';
import { Panel } from '../../components/panel';
import { useExecuteAction } from '../../hooks/use-integrations';
import { LevelBadge } from '../skills/level-badge';
import { ExecuteConfirmation } from './execute-confirmation';
import { ExecuteError, ExecuteSuccess } from './execute-outcome';
import { RiskBadge } from './integration-badges';
import { buildParams, type FieldValue, schemaFields } from './schema-fields';
import { SchemaForm } from './schema-form';

/**
 * Runs one action through the same execute endpoint the model's calls go through: allowlist,
 * params validation, policy gate (a 202 asks for approval here), credentials, circuit breaker.
 */
export function RunActionPanel({ integration }: { integration: IntegrationDetail }) {
  const enabled = integration.actions.filter((action) => action.enabled);
  const [name, setName] = useState(integration.test_action);
  const action = enabled.find((candidate) => candidate.name === name) ?? enabled[0];
  const fields = useMemo(() => schemaFields(action?.input_schema), [action]);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const execute = useExecuteAction(integration.id);
  const [sent, setSent] = useState<ExecuteRequest | null>(null);

  const refused = formErrors(
    execute.error,
    Object.fromEntries(fields.map((field) => [field.name, `/params/${field.name}`])),
  );
  const answer = execute.data;
  const awaiting = answer && 'confirmation_id' in answer ? answer.confirmation_id : null;
  const runApproved = useCallback(() => {
    if (sent && awaiting) execute.mutate({ ...sent, confirmation_id: awaiting });
  }, [sent, awaiting, execute]);

  if (!action) {
    return (
      <Panel title="Run an action">
        <Text size="sm" c="dimmed">
          Every action of this connector is turned off.
        </Text>
      </Panel>
    );
  }

  const choose = (next: string | null) => {
    if (!next) return;
    setName(next);
    setValues({});
    setErrors({});
    execute.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildParams(fields, values);
    setErrors(built.ok ? {} : built.errors);
    if (!built.ok) return;
    const body = { action: action.name, params: built.params };
    setSent(body);
    execute.mutate(body);
  };

  return (
    <Panel title="Run an action">
      <form onSubmit={submit} aria-label="Run an action">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end">
            <Select
              label="Action"
              data={enabled.map((candidate) => candidate.name)}
              value={action.name}
              onChange={choose}
              allowDeselect={false}
              w={240}
            />
            <RiskBadge risk={action.risk} mb={8} />
            <LevelBadge level={action.level} mb={8} />
          </Group>
          <Text size="sm" c="dimmed">
            {action.description}
          </Text>
          <SchemaForm
            fields={fields}
            values={values}
            errors={{ ...refused.fields, ...errors }}
            onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          />
          <Group>
            <Button type="submit" loading={execute.isPending}>
              Run {action.name}
            </Button>
            {action.needs_confirmation ? (
              <Text size="xs" c="dimmed">
                In the current autonomy mode this action waits for your approval.
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
      {awaiting ? (
        <ExecuteConfirmation key={awaiting} confirmationId={awaiting} onApproved={runApproved} />
      ) : null}
      {answer && 'ok' in answer ? <ExecuteSuccess result={answer} /> : null}
      {execute.error && refused.refusal ? <ExecuteError error={execute.error} /> : null}
    </Panel>
  );
}
