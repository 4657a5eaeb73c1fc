import { Alert, Anchor, Button, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Agent } from '../../api/agents';
import { DetailPage } from '../../components/detail-page';
import { KeyValueList } from '../../components/key-value-list';
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
  const query = useAgent(agentId);
  const agent = query.data;
  useAgentLiveUpdates();
  const [editing, setEditing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <>
      <DetailPage
        query={query}
        back={{ to: '/agents', label: 'All agents' }}
        title={agent?.name ?? 'Agent'}
        noun="agent"
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
        aside={(loaded) => (
          <>
            <AgentStatusBadge agent={loaded} size="lg" />
            <AgentControls agent={loaded} size="sm" />
            <Button variant="default" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="subtle" color="red" size="sm" onClick={() => setDeleteOpen(true)}>
              Delete
            </Button>
          </>
        )}
        notFound={{
          title: 'No agent with this id',
          description:
            'It may have been deleted. Its conversation and traces stay on the Traces page.',
        }}
        skeleton={
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Skeleton h={320} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Skeleton h={240} radius="md" />
            </Grid.Col>
          </Grid>
        }
      >
        {(loaded) => (
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="lg">
                <Panel title="Send work">
                  <AgentComposer agent={loaded} />
                </Panel>
                <Panel
                  title="Message log"
                  aside={
                    <Text size="xs" c="dimmed">
                      newest first
                    </Text>
                  }
                >
                  <AgentMessageLog agent={loaded} />
                </Panel>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <AgentDetails agent={loaded} />
            </Grid.Col>
          </Grid>
        )}
      </DetailPage>
      {editing && agent ? (
        <AgentFormDialog opened agent={agent} onClose={() => setEditing(false)} />
      ) : null}
      <DeleteAgentDialog
        opened={deleteOpen}
        agent={agent ?? null}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => navigate('/agents')}
      />
    </>
  );
}
