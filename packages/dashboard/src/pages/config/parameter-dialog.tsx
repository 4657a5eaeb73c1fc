import { Alert, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { RuntimeParameter } from '../../api/config';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { useSetParameter } from '../../hooks/use-config';
import { formatParameterRange, formatParameterValue, UNIT_LABELS } from './parameter-format';

interface ParameterDialogProps {
  parameter: RuntimeParameter;
  onClose: () => void;
}

/** A new value in the parameter's own unit, checked by the runtime against its bounds. */
export function ParameterDialog({ parameter, onClose }: ParameterDialogProps) {
  const save = useSetParameter(true);
  const [value, setValue] = useState<number | string>(parameter.value);
  const [missing, setMissing] = useState(false);
  const unitWord = UNIT_LABELS[parameter.unit] ?? parameter.unit;
  const numeric = typeof value === 'number' ? value : Number.NaN;
  const refused = formErrors(save.error, { value: '/value' });

  const submit = () => {
    if (!Number.isFinite(numeric)) {
      setMissing(true);
      return;
    }
    return save.mutateAsync({ name: parameter.name, value: numeric }).then((saved) =>
      notifications.show({
        color: 'green',
        title: `${saved.name} saved`,
        message: saved.live
          ? `Now ${formatParameterValue(saved.value, saved.unit)}; it applies at once.`
          : `Set to ${formatParameterValue(saved.value, saved.unit)}; it applies after the runtime restarts.`,
      }),
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      onReset={save.reset}
      title={`Edit ${parameter.name}`}
      label={`Edit ${parameter.name}`}
      description={parameter.doc}
      submitLabel="Save"
      busy={save.isPending}
      refusal={refused.refusal}
      onSubmit={submit}
      size="md"
    >
      <NumberInput
        label={unitWord ? `Value (${unitWord})` : 'Value'}
        description={`A whole number: ${formatParameterRange(parameter.min, parameter.max, parameter.unit)}.`}
        value={value}
        onChange={(next) => {
          setValue(next);
          setMissing(false);
          if (save.isError) save.reset();
        }}
        thousandSeparator=","
        allowDecimal={false}
        allowNegative={false}
        // The runtime says what is out of bounds; the field does not silently clamp.
        clampBehavior="none"
        error={refused.fields.value ?? (missing ? 'Enter a value.' : undefined)}
        data-autofocus
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="xl">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            New value
          </Text>
          <Text size="sm" fw={600} data-testid="parameter-preview">
            {Number.isFinite(numeric) ? formatParameterValue(numeric, parameter.unit) : '—'}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            Environment's value
          </Text>
          <Text size="sm">{formatParameterValue(parameter.default, parameter.unit)}</Text>
        </Stack>
      </Group>
      {parameter.live ? null : (
        <Alert color="orange" variant="light" p="sm">
          This parameter is read at start: the new value applies after the runtime restarts.
        </Alert>
      )}
    </FormDialog>
  );
}
