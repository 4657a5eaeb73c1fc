import { ActionIcon, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';

export interface EnvRow {
  /** Stable across edits, so React keeps each row's inputs. */
  key: number;
  name: string;
  value: string;
}

let nextKey = 1;
export const newEnvRow = (): EnvRow => ({ key: nextKey++, name: '', value: '' });

/** Rows with a name, as the API takes them: `{NAME: value}`. */
export function envOfRows(rows: EnvRow[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const row of rows) if (row.name.trim()) env[row.name.trim()] = row.value;
  return env;
}

/**
 * A stdio server's environment variables: secrets such as an API key, given to the program as
 * it starts (never on its command line). Values are sealed in the vault and never shown again.
 */
export function McpEnvFields({
  rows,
  onChange,
  errorFor,
}: {
  rows: EnvRow[];
  onChange: (rows: EnvRow[]) => void;
  errorFor: (path: string) => string | undefined;
}) {
  const update = (key: number, change: Partial<EnvRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <Stack gap={6} role="group" aria-label="Environment variables">
      <Text size="sm" fw={500}>
        Environment variables
      </Text>
      <Text size="xs" c="dimmed">
        Secrets the program reads from its environment, such as an API key. Sealed in the vault and
        never shown again; change one later under the connector's credentials.
      </Text>
      {errorFor('/env') ? (
        <Text size="xs" c="red">
          {errorFor('/env')}
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Group key={row.key} gap="sm" align="flex-start" data-testid="mcp-env-row">
          <TextInput
            aria-label={`Variable ${index + 1} name`}
            placeholder="API_KEY"
            value={row.name}
            onChange={(event) => update(row.key, { name: event.currentTarget.value })}
            error={row.name.trim() ? errorFor(`/env/${row.name.trim()}`) : undefined}
            w={220}
            autoComplete="off"
          />
          <PasswordInput
            aria-label={`Variable ${index + 1} value`}
            placeholder="value"
            value={row.value}
            onChange={(event) => update(row.key, { value: event.currentTarget.value })}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={`Remove variable ${index + 1}`}
            onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...rows, newEnvRow()])}>
          Add variable
        </Button>
      </Group>
    </Stack>
  );
}
