import { Alert, Button, Group, Kbd, Loader, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import type { Agent } from '../../api/agents';
import { ApiError } from '../../api/client';
import { SendIcon } from '../../components/icons';
import { useSendAgentMessage } from '../../hooks/use-agents';

/** The runtime's limit for one message. */
const MAX_LENGTH = 32_000;

/** Why the agent did not take (or finish) the work, in the operator's terms. */
function refusal(error: unknown, agent: Agent): { title: string; text: string } | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return { title: 'Not sent', text: String(error) };
  switch (error.code) {
    case 'agent_busy':
      return {
        title: `${agent.name} is busy`,
        text: 'It is already working on a message and nothing is queued. Send this again once it is idle.',
      };
    case 'invalid_transition':
      return {
        title: `${agent.name} takes no work while ${agent.status === 'stopped' ? 'stopped' : 'paused'}`,
        text: error.message,
      };
    case 'agent_stopped':
      return {
        title: 'The work was cancelled',
        text: 'The agent was stopped or deleted while it worked, so no reply was written.',
      };
    case 'model_error':
      return { title: 'The model provider failed', text: error.message };
    default:
      return { title: 'Not sent', text: error.message };
  }
}

/** Sends work to the agent and waits for its reply; the log above shows both as they land. */
export function AgentComposer({ agent }: { agent: Agent }) {
  const send = useSendAgentMessage(agent.agent_id);
  const [text, setText] = useState('');
  const working = send.isPending;
  const ready = text.trim().length > 0 && !working;
  const problem = refusal(send.error, agent);
  const closed = agent.status === 'paused' || agent.status === 'stopped';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    const message = text.trim();
    send.mutate(message, { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an IME composition's Enter is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} aria-label="Send work">
      <Stack gap="sm">
        <Textarea
          aria-label="Message to the agent"
          placeholder={`What should ${agent.name} do?`}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (send.isError) send.reset();
          }}
          onKeyDown={onKeyDown}
          disabled={working}
        />
        {problem ? (
          <Alert color="red" variant="light" title={problem.title} data-testid="composer-error">
            {problem.text}
          </Alert>
        ) : closed && !working ? (
          <Text size="sm" c="orange.8" data-testid="composer-hint">
            {agent.name} is {agent.status}: it refuses new work until you resume it.
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          {working ? (
            <Group gap="xs" data-testid="agent-working">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                {agent.name} is working on it. The reply is logged when it is done; Stop cancels it.
              </Text>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Enter</Kbd> sends · <Kbd size="xs">Shift</Kbd> +{' '}
              <Kbd size="xs">Enter</Kbd> adds a line
            </Text>
          )}
          <Button
            type="submit"
            size="sm"
            leftSection={<SendIcon size={16} />}
            disabled={!ready}
            loading={working}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
