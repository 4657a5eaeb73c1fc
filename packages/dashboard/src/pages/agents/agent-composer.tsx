import { Button, Group, Kbd, Loader, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import type { Agent } from '../../api/agents';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { SendIcon } from '../../components/icons';
import { useSendAgentMessage } from '../../hooks/use-agents';

/** The runtime's limit for one message. */
const MAX_LENGTH = 32_000;

/** Why the agent did not take (or finish) the work, in the operator's terms. */
function refusalTitle(code: string, agent: Agent): string {
  switch (code) {
    case 'agent_busy':
      return `${agent.name} is busy: it works on one message at a time; send this again once it is idle`;
    case 'invalid_transition':
      return `${agent.name} takes no work while ${agent.status === 'stopped' ? 'stopped' : 'paused'}`;
    case 'agent_stopped':
      return 'The work was cancelled: the agent was stopped or deleted while it worked';
    case 'model_error':
      return 'The model provider failed';
    default:
      return 'Not sent';
  }
}

/** Sends work to the agent and waits for its reply; the log above shows both as they land. */
export function AgentComposer({ agent }: { agent: Agent }) {
  const send = useSendAgentMessage(agent.agent_id);
  const [text, setText] = useState('');
  const working = send.isPending;
  const ready = text.trim().length > 0 && !working;
  const refused = formErrors(send.error, { text: '/text' });
  const problem = refused.refusal;
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
          error={refused.fields.text}
        />
        {problem ? (
          <FormRefusal
            refusal={problem}
            title={refusalTitle(problem.code, agent)}
            testId="composer-error"
          />
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
