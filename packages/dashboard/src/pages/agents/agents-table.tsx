import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Agent } from '../../api/agents';
import { RelativeTime } from '../../components/relative-time';
import { AgentControls, AgentStatusBadge } from './agent-status';

export const agentPath = (id: string) => `/agents/${encodeURIComponent(id)}`;

/** Priority 1-10: the more urgent, the warmer. */
export function PriorityBadge({ priority }: { priority: number }) {
  const color = priority >= 8 ? 'red' : priority >= 5 ? 'orange' : 'gray';
  return (
    <Badge
      variant="outline"
      color={color}
      radius="sm"
      miw="max-content"
      title="1-10, 10 most urgent"
    >
      P{priority}
    </Badge>
  );
}

interface AgentsTableProps {
  agents: Agent[];
  loading: boolean;
  onEdit: (agent: Agent) => void;
  onDelete: (agent: Agent) => void;
}

export function AgentsTable({ agents, loading, onEdit, onDelete }: AgentsTableProps) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Agents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Priority</Table.Th>
            <Table.Th ta="right">Messages</Table.Th>
            <Table.Th>Last active</Table.Th>
            <Table.Th w={330}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 3 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={row}>
                  {Array.from({ length: 6 }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Td key={cell}>
                      <Skeleton h={16} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : agents.map((agent) => (
                <Table.Tr key={agent.agent_id} data-agent={agent.name}>
                  <Table.Td maw={420}>
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
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Stack gap={4} align="flex-start">
                      <AgentStatusBadge agent={agent} />
                      {agent.status === 'error' && agent.last_error ? (
                        <Text size="xs" c="red.7" lineClamp={2} title={agent.last_error}>
                          {agent.last_error}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <PriorityBadge priority={agent.priority} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace">
                      {agent.messages_count.toLocaleString()}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {agent.last_active_at ? (
                      <Text size="sm">
                        <RelativeTime value={agent.last_active_at} />
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        never
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <AgentControls agent={agent} />
                      <Button size="xs" variant="default" onClick={() => onEdit(agent)}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(agent)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
