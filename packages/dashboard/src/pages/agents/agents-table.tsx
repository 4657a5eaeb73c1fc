import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Agent } from '../../api/agents';
import { type Column, DataTable } from '../../components/data-table';
import { PriorityBadge } from '../../components/priority-badge';
import { RelativeTime } from '../../components/relative-time';
import { AgentControls, AgentStatusBadge } from './agent-status';

export const agentPath = (id: string) => `/agents/${encodeURIComponent(id)}`;

interface AgentsTableProps {
  agents: Agent[];
  loading: boolean;
  onEdit: (agent: Agent) => void;
  onDelete: (agent: Agent) => void;
}

function columns({
  onEdit,
  onDelete,
}: Pick<AgentsTableProps, 'onEdit' | 'onDelete'>): Column<Agent>[] {
  return [
    {
      key: 'agent',
      header: 'Agent',
      cell: (agent) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={agentPath(agent.agent_id)}
            fw={600}
            size="sm"
            c="var(--mantine-color-text)"
            underline="hover"
          >
            {agent.name}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={2} title={agent.objective}>
            {agent.objective}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 180,
      cell: (agent) => (
        <Stack gap={4} align="flex-start">
          <AgentStatusBadge agent={agent} />
          {agent.status === 'error' && agent.last_error ? (
            <Text size="xs" c="red.7" lineClamp={2} title={agent.last_error}>
              {agent.last_error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'priority',
      header: 'Priority',
      width: 90,
      priority: 3,
      cell: (agent) => <PriorityBadge priority={agent.priority} />,
    },
    {
      key: 'messages',
      header: 'Messages',
      width: 100,
      align: 'right',
      priority: 3,
      cell: (agent) => (
        <Text span size="sm" ff="monospace">
          {agent.messages_count.toLocaleString()}
        </Text>
      ),
    },
    {
      key: 'active',
      header: 'Last active',
      width: 130,
      priority: 2,
      cell: (agent) =>
        agent.last_active_at ? (
          <RelativeTime value={agent.last_active_at} />
        ) : (
          <Text span size="sm" c="dimmed">
            never
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 330,
      cell: (agent) => (
        <Group gap={6} wrap="wrap">
          <AgentControls agent={agent} />
          <Button size="xs" variant="default" onClick={() => onEdit(agent)}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(agent)}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

export function AgentsTable({ agents, loading, onEdit, onDelete }: AgentsTableProps) {
  return (
    <DataTable
      label="Agents"
      columns={columns({ onEdit, onDelete })}
      rows={loading ? undefined : agents}
      rowKey={(agent) => agent.agent_id}
      rowProps={(agent) => ({ 'data-agent': agent.name })}
      loadingRows={3}
      empty={{ title: 'No agents', description: 'Sub-agents appear here once created.' }}
    />
  );
}
