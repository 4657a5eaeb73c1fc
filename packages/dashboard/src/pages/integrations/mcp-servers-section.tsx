import { Anchor, Badge, Button, Popover, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { McpServer } from '../../api/mcp-servers';
import { Panel } from '../../components/panel';
import { useMcpServers, useRemoveMcpServer } from '../../hooks/use-mcp-servers';
import { McpRegisterForm } from './mcp-register-form';

const STATUS_COLORS: Record<McpServer['status'], string> = {
  connecting: 'blue',
  connected: 'green',
  error: 'red',
  closed: 'gray',
};

function RemoveButton({ name }: { name: string }) {
  const remove = useRemoveMcpServer();
  return (
    <Popover position="bottom-end" withArrow>
      <Popover.Target>
        <Button variant="subtle" color="red" size="xs" loading={remove.isPending}>
          Remove
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={260}>
          <Text size="sm">
            Remove mcp-{name}? Its token, action settings and breaker go with it.
          </Text>
          <Button color="red" size="xs" onClick={() => remove.mutate(name)}>
            Remove mcp-{name}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ServerRow({ server }: { server: McpServer }) {
  const endpoint = server.transport === 'http' ? server.url : server.command?.join(' ');
  return (
    <Table.Tr data-testid="mcp-server-row" data-name={server.name}>
      <Table.Td>
        <Anchor component={Link} to={`/integrations/${encodeURIComponent(server.integration_id)}`}>
          {server.integration_id}
        </Anchor>
        {server.server ? (
          <Text size="xs" c="dimmed">
            {server.server.name} {server.server.version}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{server.transport === 'http' ? 'HTTP' : 'stdio'}</Text>
        <Text size="xs" c="dimmed" ff="monospace" truncate maw={320} title={endpoint ?? ''}>
          {endpoint}
        </Text>
        {server.env.length > 0 ? (
          <Text size="xs" c="dimmed" data-testid="mcp-server-env">
            env: {server.env.join(', ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[server.status]}>
          {server.status}
        </Badge>
        {server.error ? (
          <Text size="xs" c="red" truncate maw={260} title={server.error}>
            {server.error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {server.tools.length} {server.tools.length === 1 ? 'tool' : 'tools'}
        </Text>
      </Table.Td>
      <Table.Td>
        <RemoveButton name={server.name} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Operator-registered MCP servers: each is one more connector, listed here to add and remove. */
export function McpServersSection() {
  const servers = useMcpServers();
  const list = servers.data ?? [];
  return (
    <Panel
      title="MCP servers"
      aside={
        servers.data ? (
          <Text size="sm" c="dimmed" data-testid="mcp-servers-count">
            {list.length} registered
          </Text>
        ) : null
      }
    >
      {list.length > 0 ? (
        <Table aria-label="MCP servers" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Connector</Table.Th>
              <Table.Th>Transport</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Tools</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((server) => (
              <ServerRow key={server.name} server={server} />
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {servers.isError
            ? 'The MCP servers could not be loaded.'
            : 'No MCP server yet. Each one you add becomes a connector whose tools are its actions, gated like the others; their answers reach the model as untrusted content.'}
        </Text>
      )}
      <McpRegisterForm />
    </Panel>
  );
}
