import { Anchor, Badge, Button, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { McpServer } from '../../api/mcp-servers';
import { type Column, DataTable } from '../../components/data-table';
import { plural } from '../../components/format';
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

const endpointOf = (server: McpServer) =>
  (server.transport === 'http' ? server.url : server.command?.join(' ')) ?? '';

const COLUMNS: Column<McpServer>[] = [
  {
    key: 'connector',
    header: 'Connector',
    cell: (server) => (
      <>
        <Anchor
          component={Link}
          to={`/integrations/${encodeURIComponent(server.integration_id)}`}
          size="sm"
        >
          {server.integration_id}
        </Anchor>
        {server.server ? (
          <Text size="xs" c="dimmed">
            {server.server.name} {server.server.version}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'transport',
    header: 'Transport',
    priority: 2,
    cell: (server) => (
      <>
        <Text size="sm">{server.transport === 'http' ? 'HTTP' : 'stdio'}</Text>
        <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={endpointOf(server)}>
          {endpointOf(server)}
        </Text>
        {server.env.length > 0 ? (
          <Text size="xs" c="dimmed" data-testid="mcp-server-env">
            env: {server.env.join(', ')}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: 150,
    cell: (server) => (
      <>
        <Badge variant="light" color={STATUS_COLORS[server.status]}>
          {server.status}
        </Badge>
        {server.error ? (
          <Text size="xs" c="red" truncate="end" title={server.error}>
            {server.error}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'tools',
    header: 'Tools',
    width: 90,
    cell: (server) => plural(server.tools.length, 'tool'),
  },
  {
    key: 'remove',
    header: <VisuallyHidden>Remove</VisuallyHidden>,
    width: 100,
    align: 'right',
    cell: (server) => <RemoveButton name={server.name} />,
  },
];

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
        <DataTable
          label="MCP servers"
          columns={COLUMNS}
          rows={list}
          rowKey={(server) => server.name}
          rowProps={(server) => ({ 'data-testid': 'mcp-server-row', 'data-name': server.name })}
          empty={{ title: 'No MCP server yet', description: 'Each server you add is a connector.' }}
        />
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
