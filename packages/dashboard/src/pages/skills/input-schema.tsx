import { Badge, Code, Stack, Table, Text } from '@mantine/core';

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

/** A skill's input: its parameters as a table when it is an object schema, and the raw JSON. */
export function InputSchema({ schema }: { schema: unknown }) {
  const object = (schema && typeof schema === 'object' ? schema : {}) as ObjectSchema;
  const properties = Object.entries(object.properties ?? {});
  const required = new Set(object.required ?? []);

  return (
    <Stack gap="sm" py="xs">
      {properties.length > 0 ? (
        <Table verticalSpacing={6} withTableBorder bg="var(--mantine-color-body)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Parameter</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {properties.map(([name, property]) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <Text size="sm" ff="monospace" fw={500} span>
                    {name}
                  </Text>{' '}
                  {required.has(name) ? (
                    <Badge size="xs" variant="outline" color="gray">
                      required
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" c="dimmed">
                    {typeOf(property)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{property.description ?? '—'}</Text>
                  {property.default !== undefined ? (
                    <Text size="xs" c="dimmed">
                      Default {JSON.stringify(property.default)}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
