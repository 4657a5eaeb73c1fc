import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { Link } from 'react-router';
import type { Agent, AgentMessage, MessageOrigin } from '../../api/agents';
import { plural } from '../../components/format';
import { ModelText } from '../../components/model-text';
import { RelativeTime } from '../../components/relative-time';
import { useAgentMessages } from '../../hooks/use-agents';

const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const ORIGINS: Record<MessageOrigin, { label: string; color: string }> = {
  operator: { label: 'Operator', color: 'indigo' },
  main_agent: { label: 'Main agent', color: 'grape' },
  sub_agent: { label: 'Sub-agent', color: 'cyan' },
};

function MessageEntry({ message, agent }: { message: AgentMessage; agent: Agent }) {
  // A sub-agent message from this agent itself is its reply; from another one, work it was sent.
  const isReply = message.from === 'sub_agent' && message.sender === agent.name;
  const origin = isReply ? { label: 'Reply', color: 'teal' } : ORIGINS[message.from];
  const pending = !isReply && message.request_id === null && !message.error;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="sm"
      bg={isReply ? 'var(--mantine-color-gray-0)' : undefined}
      style={{
        borderLeft: `3px solid var(--mantine-color-${origin.color}-5)`,
      }}
      data-testid="agent-message"
      data-from={isReply ? 'reply' : message.from}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text size="sm" fw={600} truncate>
              {message.sender}
            </Text>
            <Badge size="xs" variant="light" color={origin.color} radius="sm" miw="max-content">
              {origin.label}
            </Badge>
            <Text size="xs" c="dimmed" miw="max-content">
              <RelativeTime value={message.created_at} />
            </Text>
          </Group>
          {message.request_id ? (
            <Anchor
              component={Link}
              to={`/traces/${encodeURIComponent(message.request_id)}`}
              size="xs"
              miw="max-content"
              data-testid="message-trace"
            >
              View trace
            </Anchor>
          ) : pending ? (
            <Group gap={6} wrap="nowrap">
              <Loader size={12} />
              <Text size="xs" c="dimmed" miw="max-content">
                {agent.status === 'running' ? 'working…' : 'no reply yet'}
              </Text>
            </Group>
          ) : null}
        </Group>
        <Text size="sm" style={textStyle} data-testid="agent-message-text">
          <ModelText text={message.text} />
        </Text>
        {message.error ? (
          <Alert color="red" variant="light" p="xs" data-testid="agent-message-error">
            <Text size="xs" style={textStyle}>
              No reply: {message.error}
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The agent's log, both directions, newest first, paged on demand. */
export function AgentMessageLog({ agent }: { agent: Agent }) {
  const log = useAgentMessages(agent.agent_id, agent.status === 'running');
  const messages = log.data?.pages.flatMap((page) => page.messages) ?? [];

  if (log.isPending) {
    return (
      <Stack gap="sm">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (log.isError && messages.length === 0) {
    return (
      <EmptyState size="sm" title="The message log could not be loaded">
        <EmptyState.Actions>
          <Button variant="light" onClick={() => log.refetch()}>
            Try again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (messages.length === 0) {
    return (
      <EmptyState
        size="sm"
        title="No messages yet"
        description={`Work you send ${agent.name} above, and work the main agent delegates to it, is logged here with its replies.`}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        component="ol"
        gap="sm"
        aria-label="Message log"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {messages.map((message) => (
          <li key={message.message_id}>
            <MessageEntry message={message} agent={agent} />
          </li>
        ))}
      </Stack>
      <Group justify="space-between" pt={4}>
        <Text size="sm" c="dimmed" data-testid="messages-count">
          {log.hasNextPage
            ? `Showing the newest ${messages.length} of ${plural(agent.messages_count, 'message')}`
            : `All ${messages.length} ${messages.length === 1 ? 'message' : 'messages'} shown`}
        </Text>
        {log.hasNextPage ? (
          <Button
            variant="light"
            onClick={() => log.fetchNextPage()}
            loading={log.isFetchingNextPage}
          >
            Load more
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
