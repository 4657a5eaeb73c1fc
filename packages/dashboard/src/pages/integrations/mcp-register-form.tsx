import {
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { McpRegistration, McpTransport } from '../../api/mcp-servers';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { useRegisterMcpServer } from '../../hooks/use-mcp-servers';
import { type EnvRow, envOfRows, McpEnvFields } from './mcp-env-fields';

const EMPTY = { name: '', url: '', token: '', command: '' };

/** Adds an MCP server: a streamable HTTP endpoint (optional bearer token) or a sandboxed command. */
export function McpRegisterForm() {
  const [transport, setTransport] = useState<McpTransport>('http');
  const [draft, setDraft] = useState(EMPTY);
  const [envRows, setEnvRows] = useState<EnvRow[]>([]);
  const register = useRegisterMcpServer();
  // Each variable's own path comes before /env, so its message lands on its row.
  const envPaths = envRows
    .map((row) => `/env/${row.name.trim()}`)
    .filter((path) => path !== '/env/');
  const errors = formErrors(
    register.error,
    {
      name: '/name',
      url: '/url',
      token: '/token',
      command: '/command',
      ...Object.fromEntries(envPaths.map((path) => [path, path])),
      '/env': '/env',
    },
    { mcp_server_exists: 'name', url_blocked: 'url' },
  );
  // The variables' fields are named by their paths.
  const envError = (path: string) => (errors.fields as Record<string, string | undefined>)[path];
  const change = (field: keyof typeof EMPTY) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const registration: McpRegistration =
      transport === 'http'
        ? { name, transport, url: draft.url.trim(), ...(draft.token ? { token: draft.token } : {}) }
        : {
            name,
            transport,
            // One argument per line, so arguments with spaces need no quoting rules.
            command: draft.command
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
            env: envOfRows(envRows),
          };
    // The token and the variables leave the page's state as soon as the runtime has them.
    register.mutate(registration, {
      onSuccess: () => {
        setDraft(EMPTY);
        setEnvRows([]);
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Add an MCP server">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Name"
            description="Lowercase letters, digits and -; the connector becomes mcp-<name>."
            value={draft.name}
            onChange={(event) => change('name')(event.currentTarget.value)}
            error={errors.fields.name}
            required
            w={260}
          />
          <SegmentedControl
            aria-label="Transport"
            data={[
              { value: 'http', label: 'Streamable HTTP' },
              { value: 'stdio', label: 'Command (stdio)' },
            ]}
            value={transport}
            onChange={(value) => setTransport(value as McpTransport)}
          />
        </Group>
        {transport === 'http' ? (
          <Group gap="sm" align="flex-start" grow>
            <TextInput
              label="URL"
              placeholder="https://host/mcp"
              value={draft.url}
              onChange={(event) => change('url')(event.currentTarget.value)}
              error={errors.fields.url}
              required
            />
            <PasswordInput
              label="Bearer token"
              description="Optional; sealed in the vault, never shown again."
              value={draft.token}
              onChange={(event) => change('token')(event.currentTarget.value)}
              error={errors.fields.token}
              autoComplete="off"
            />
          </Group>
        ) : (
          <Stack gap="sm">
            <Textarea
              label="Command"
              description="The program and its arguments, one per line. It runs under the sandbox rules of the shell, with a clean environment."
              placeholder={'npx\n-y\n@modelcontextprotocol/server-everything'}
              autosize
              minRows={3}
              value={draft.command}
              onChange={(event) => change('command')(event.currentTarget.value)}
              error={errors.fields.command}
              required
            />
            <McpEnvFields rows={envRows} onChange={setEnvRows} errorFor={envError} />
          </Stack>
        )}
        <FormRefusal refusal={errors.refusal} />
        <Group>
          <Button type="submit" loading={register.isPending}>
            Add server
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
