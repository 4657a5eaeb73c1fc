import { Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AGENT_STATUSES, type Agent } from '../../api/agents';
import { AgentsIcon, PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { statusColor } from '../../components/status-badge';
import { UpdatedAgo } from '../../components/updated-ago';
import { useAgentLiveUpdates, useAgents } from '../../hooks/use-agents';
import { AgentFormDialog } from './agent-form-dialog';
import { AgentsTable, agentPath } from './agents-table';
import { DeleteAgentDialog } from './delete-agent-dialog';

const SUMMARY_COLORS: Record<string, string> = {
  idle: 'teal',
  running: 'blue',
  paused: 'yellow',
  stopped: 'gray',
};

export function AgentsPage() {
  const list = useAgents();
  useAgentLiveUpdates();
  const navigate = useNavigate();
  const agents = list.data ?? [];
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Agent | null>(null);
  // The dialog keeps its agent while it animates closed.
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const counts = AGENT_STATUSES.map((status) => ({
    status,
    count: agents.filter((agent) => agent.status === status).length,
  })).filter(({ count }) => count > 0);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Agents"
        description="Sub-agents: named helpers with their own objective, priority and conversation. Send them work here, or let the main agent delegate through its agent_manager skill."
        aside={
          <>
            <UpdatedAgo updatedAt={list.dataUpdatedAt} fetching={list.isFetching} />
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
              Create agent
            </Button>
          </>
        }
      />
      {counts.length > 0 ? (
        <Group gap="xs" data-testid="agent-counts">
          <Text size="sm" c="dimmed">
            {agents.length} {agents.length === 1 ? 'agent' : 'agents'}:
          </Text>
          {counts.map(({ status, count }) => (
            <Badge
              key={status}
              variant="dot"
              color={SUMMARY_COLORS[status] ?? statusColor(status)}
              tt="none"
            >
              {count} {status}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Paper withBorder radius="md" p={0}>
        {list.isError && !list.data ? (
          <EmptyState
            py={48}
            title="The agents could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : !list.isPending && agents.length === 0 ? (
          <EmptyState
            py={56}
            icon={<AgentsIcon size={28} />}
            withIndicatorBackground
            title="No sub-agents yet"
            description="Create one with a name and an objective, then send it work from its page. The main agent can also create and delegate to sub-agents on its own."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => setCreating(true)}>
                Create agent
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <AgentsTable
            agents={agents}
            loading={list.isPending}
            onEdit={setEditing}
            onDelete={(agent) => {
              setDeleting(agent);
              setDeleteOpen(true);
            }}
          />
        )}
      </Paper>
      {/* Remounted per use, so each opens with fresh fields. */}
      {creating ? (
        <AgentFormDialog
          opened
          onClose={() => setCreating(false)}
          onCreated={(agent) => navigate(agentPath(agent.agent_id))}
        />
      ) : null}
      {editing ? (
        <AgentFormDialog
          key={editing.agent_id}
          opened
          agent={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteAgentDialog
        opened={deleteOpen}
        agent={deleting}
        onClose={() => setDeleteOpen(false)}
      />
    </Stack>
  );
}
