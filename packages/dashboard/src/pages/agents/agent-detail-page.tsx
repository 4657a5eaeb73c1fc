import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Agent } from '../../api/agents';
import { ApiError } from '../../api/client';
import { ChevronIcon } from '../../components/icons';
import { KeyValueList } from '../../components/key-value-list';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { PriorityBadge } from '../../components/priority-badge';
import { RelativeTime } from '../../components/relative-time';
import { useAgent, useAgentLiveUpdates } from '../../hooks/use-agents';
import { AgentComposer } from './agent-composer';
import { AgentFormDialog } from './agent-form-dialog';
import { AgentMessageLog } from './agent-message-log';
import { AgentControls, AgentStatusBadge } from './agent-status';
import { DeleteAgentDialog } from './delete-agent-dialog';

function AgentDetails({ agent }: { agent: Agent }) {
  return (
    <Stack gap="md">
      {agent.status === 'error' && agent.last_error ? (
        <Alert color="red" variant="light" title="The last run failed" data-testid="last-error">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {agent.last_error}
          </Text>
        </Alert>
      ) : null}
      <Panel title="Details">
        <KeyValueList
          items={[
            { label: 'Status', value: <AgentStatusBadge agent={agent} /> },
            { label: 'Priority', value: <PriorityBadge priority={agent.priority} /> },
            { label: 'Messages', value: agent.messages_count.toLocaleString() },
            {
              label: 'Last active',
              value: agent.last_active_at ? <RelativeTime value={agent.last_active_at} /> : 'never',
            },
            { label: 'Created', value: <RelativeTime value={agent.created_at} /> },
            { label: 'Changed', value: <RelativeTime value={agent.updated_at} /> },
          ]}
        />
      </Panel>
      <Panel title="Objective">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {agent.objective}
        </Text>
        <Text size="xs" c="dimmed">
          Its standing instruction in every run, with its name and priority. A change applies from
          the next message.
        </Text>
      </Panel>
      <Panel title="Conversation">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {agent.chat_id}
        </Text>
        <Text size="xs" c="dimmed">
          Its own chat, separate from every other: its history holds only its own exchanges.
        </Text>
        <Anchor
          component={Link}
          to={`/traces?chat_id=${encodeURIComponent(agent.chat_id)}`}
          size="sm"
        >
          Decision traces of this agent
        </Anchor>
      </Panel>
    </Stack>
  );
}

export function AgentDetailPage() {
  const { agent_id: agentId = '' } = useParams();
  const navigate = useNavigate();
  const { data: agent, error, isPending, refetch } = useAgent(agentId);
  useAgentLiveUpdates();
  const missing = error instanceof ApiError && error.status === 404;
  const [editing, setEditing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/agents" size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <ChevronIcon size={14} style={{ transform: 'rotate(180deg)' }} />
          All agents
        </Group>
      </Anchor>
      <PageHeader
        title={agent?.name ?? 'Agent'}
        description={
          agent ? (
            <>
              Sub-agent{' '}
              <Text span ff="monospace" size="sm">
                {agent.agent_id}
              </Text>
            </>
          ) : undefined
        }
        aside={
          agent ? (
            <>
              <AgentStatusBadge agent={agent} size="lg" />
              <AgentControls agent={agent} size="sm" />
              <Button variant="default" size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="subtle" color="red" size="sm" onClick={() => setDeleteOpen(true)}>
                Delete
              </Button>
            </>
          ) : null
        }
      />
      {agent ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Panel title="Send work">
                <AgentComposer agent={agent} />
              </Panel>
              <Panel
                title="Message log"
                aside={
                  <Text size="xs" c="dimmed">
                    newest first
                  </Text>
                }
              >
                <AgentMessageLog agent={agent} />
              </Panel>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <AgentDetails agent={agent} />
          </Grid.Col>
        </Grid>
      ) : isPending ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Skeleton h={320} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Skeleton h={240} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title={missing ? 'No agent with this id' : 'The agent could not be loaded'}
            description={
              missing
                ? 'It may have been deleted. Its conversation and traces stay on the Traces page.'
                : 'The runtime did not answer the request.'
            }
          >
            <EmptyState.Actions>
              {missing ? null : (
                <Button variant="light" onClick={() => refetch()}>
                  Try again
                </Button>
              )}
              <Button component={Link} to="/agents" variant="default">
                Back to the agents
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}
      {editing && agent ? (
        <AgentFormDialog opened agent={agent} onClose={() => setEditing(false)} />
      ) : null}
      <DeleteAgentDialog
        opened={deleteOpen}
        agent={agent ?? null}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => navigate('/agents')}
      />
    </Stack>
  );
}
