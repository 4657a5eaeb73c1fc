import { Checkbox, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FieldValue, SchemaField } from './schema-fields';

interface FieldProps {
  field: SchemaField;
  value: FieldValue;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}

function FieldControl({ field, value, error, onChange }: FieldProps) {
  const common = {
    label: field.name,
    description: field.description,
    required: field.required,
    error,
  };
  switch (field.kind) {
    case 'boolean':
      return (
        <Checkbox
          {...common}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : '')}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={field.choices}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
        />
      );
    case 'json':
      return (
        <Textarea
          {...common}
          placeholder="JSON"
          autosize
          minRows={2}
          maxRows={10}
          ff="monospace"
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

interface SchemaFormProps {
  fields: SchemaField[];
  values: Record<string, FieldValue>;
  errors: Partial<Record<string, string>>;
  onChange: (name: string, value: FieldValue) => void;
}

/** One input per parameter of the action's JSON Schema; objects and arrays are typed as JSON. */
export function SchemaForm({ fields, values, errors, onChange }: SchemaFormProps) {
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This action takes no parameters.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          value={values[field.name] ?? field.initial}
          error={errors[field.name]}
          onChange={(value) => onChange(field.name, value)}
        />
      ))}
    </Stack>
  );
}
