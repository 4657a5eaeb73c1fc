import { Badge, Code, Stack, Text } from '@mantine/core';
import { type Column, DataTable } from '../../components/data-table';

interface Property {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
}

interface ObjectSchema {
  properties?: Record<string, Property>;
  required?: string[];
}

const typeOf = (property: Property) => {
  if (property.enum) return property.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(property.type)) return property.type.join(' | ');
  return property.type ?? 'any';
};

type Parameter = [name: string, property: Property];

const columns = (required: ReadonlySet<string>): Column<Parameter>[] => [
  {
    key: 'name',
    header: 'Parameter',
    cell: ([name]) => (
      <>
        <Text size="sm" ff="monospace" fw={500} span>
          {name}
        </Text>{' '}
        {required.has(name) ? (
          <Badge size="xs" variant="outline" color="gray">
            required
          </Badge>
        ) : null}
      </>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    cell: ([, property]) => (
      <Text span size="sm" ff="monospace" c="dimmed">
        {typeOf(property)}
      </Text>
    ),
    truncate: ([, property]) => typeOf(property),
  },
  {
    key: 'description',
    header: 'Description',
    cell: ([, property]) => (
      <>
        <Text size="sm">{property.description ?? '—'}</Text>
        {property.default !== undefined ? (
          <Text size="xs" c="dimmed">
            Default {JSON.stringify(property.default)}
          </Text>
        ) : null}
      </>
    ),
  },
];

/** A skill's input: its parameters as a table when it is an object schema, and the raw JSON. */
export function InputSchema({ schema }: { schema: unknown }) {
  const object = (schema && typeof schema === 'object' ? schema : {}) as ObjectSchema;
  const properties: Parameter[] = Object.entries(object.properties ?? {});
  const required = new Set(object.required ?? []);

  return (
    <Stack gap="sm" py="xs">
      {properties.length > 0 ? (
        <DataTable
          label="Parameters"
          columns={columns(required)}
          rows={properties}
          rowKey={([name]) => name}
          empty={{ title: 'No parameters', description: 'This skill takes no parameters.' }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This skill takes no parameters.
        </Text>
      )}
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
        JSON Schema
      </Text>
      <Code block data-testid="input-schema" style={{ maxHeight: 320, overflow: 'auto' }}>
        {JSON.stringify(schema, null, 2)}
      </Code>
    </Stack>
  );
}
