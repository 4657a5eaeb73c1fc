import { Button, Group, Kbd, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { SendIcon, StopIcon } from '../../components/icons';

/** The runtime's limit for one message. */
const MAX_LENGTH = 32_000;

interface ChatComposerProps {
  streaming: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}

export function ChatComposer({ streaming, onSend, onStop }: ChatComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const ready = text.trim().length > 0 && !streaming;

  // Back to the keyboard once the reply is in, unless a dialog (the command palette, a
  // confirmation) holds it: the composer mounts when a chat has loaded, maybe after one opened.
  useEffect(() => {
    if (streaming || document.activeElement?.closest('[role="dialog"]')) return;
    input.current?.focus();
  }, [streaming]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an IME composition's Enter is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} aria-label="Send a message">
      <Stack gap={6}>
        <Textarea
          ref={input}
          aria-label="Message"
          placeholder={streaming ? 'Waiting for the reply…' : 'Message the agent'}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={streaming}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Enter</Kbd> sends · <Kbd size="xs">Shift</Kbd> +{' '}
            <Kbd size="xs">Enter</Kbd> adds a line
          </Text>
          {streaming ? (
            <Button
              color="red"
              variant="light"
              size="sm"
              leftSection={<StopIcon size={16} />}
              onClick={onStop}
            >
              Stop
            </Button>
          ) : (
            <Button type="submit" size="sm" leftSection={<SendIcon size={16} />} disabled={!ready}>
              Send
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
