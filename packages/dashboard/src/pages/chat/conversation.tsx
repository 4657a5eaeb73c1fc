import {
  Box,
  Button,
  Divider,
  EmptyState,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChatMessage, ChatSummary } from '../../api/chat';
import { ChatIcon } from '../../components/icons';
import { type LiveTurn, useChatMessages } from '../../hooks/use-chat';
import { ChatComposer } from './chat-composer';
import { AssistantMessage, UserMessage } from './chat-message';
import { threadOf } from './chat-thread';

interface ConversationProps {
  chatId: string;
  summary: ChatSummary | undefined;
  /** The turn being streamed, if it belongs to this chat. */
  turn: LiveTurn | null;
  streaming: boolean;
  onSend: (text: string, afterMessageId: string | null) => void;
  onStop: () => void;
}

/**
 * What of the streamed turn the saved messages do not show yet. The runtime saves the user's
 * message when the request starts and the reply when it is done; until a refetch brings them,
 * the stream's own copy stands in.
 */
function unsavedParts(messages: ChatMessage[], turn: LiveTurn) {
  const index = turn.afterMessageId
    ? messages.findIndex((message) => message.id === turn.afterMessageId)
    : -1;
  const newer = turn.afterMessageId && index === -1 ? [] : messages.slice(index + 1);
  const requestId = turn.result?.request_id;
  return {
    user: !newer.some((message) => message.role === 'user'),
    reply: !newer.some(
      (message) => message.role === 'assistant' && requestId && message.request_id === requestId,
    ),
  };
}

function LoadingThread() {
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Skeleton h={36} w="40%" radius="lg" />
      </Group>
      <Skeleton h={72} w="65%" radius="lg" />
      <Group justify="flex-end">
        <Skeleton h={36} w="30%" radius="lg" />
      </Group>
      <Skeleton h={48} w="55%" radius="lg" />
    </Stack>
  );
}

export function Conversation({
  chatId,
  summary,
  turn,
  streaming,
  onSend,
  onStop,
}: ConversationProps) {
  const thread = useChatMessages(chatId);
  const messages = thread.data?.messages ?? [];
  const liveFailure =
    turn?.status === 'error' || turn?.status === 'stopped' ? turn.userText : undefined;
  const entries = threadOf(messages, thread.data?.requests ?? [], liveFailure);
  const viewport = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const unsaved = turn ? unsavedParts(messages, turn) : { user: false, reply: false };
  const showTurn = turn !== null && (unsaved.reply || turn.status !== 'done');
  const empty = !thread.isPending && entries.length === 0 && !showTurn;

  // Follow the reply as it grows, unless the operator scrolled up to read something.
  const contentSize = `${entries.length}:${turn?.text.length ?? 0}:${turn?.steps.length ?? 0}:${turn?.status}`;
  useEffect(() => {
    const element = viewport.current;
    if (element && pinned.current && contentSize) element.scrollTo({ top: element.scrollHeight });
  }, [contentSize]);
  // A newly opened chat starts at its end.
  useEffect(() => {
    pinned.current = true;
    if (chatId) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [chatId]);

  return (
    <Paper
      withBorder
      radius="md"
      h="100%"
      miw={0}
      style={{ flex: 1, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group px="lg" py="sm" justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate data-testid="conversation-title">
            {summary?.title ?? 'New conversation'}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {chatId}
          </Text>
        </Stack>
        {summary ? (
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {summary.message_count} {summary.message_count === 1 ? 'message' : 'messages'}
          </Text>
        ) : null}
      </Group>
      <Divider />
      <ScrollArea
        style={{ flex: 1 }}
        bg="var(--mantine-color-gray-0)"
        viewportRef={viewport}
        type="auto"
        onScrollPositionChange={({ y }) => {
          const element = viewport.current;
          if (element) pinned.current = element.scrollHeight - element.clientHeight - y < 48;
        }}
      >
        <Box component="section" aria-label="Conversation" px="lg" py="md">
          {thread.isPending ? (
            <LoadingThread />
          ) : thread.isError && entries.length === 0 ? (
            <EmptyState
              py={48}
              title="This conversation could not be loaded"
              description={thread.error.message}
            >
              <EmptyState.Actions>
                <Button variant="default" onClick={() => thread.refetch()}>
                  Try again
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : empty ? (
            <EmptyState
              py={64}
              icon={<ChatIcon size={28} />}
              withIndicatorBackground
              title="Start the conversation"
              description="Ask a question or give the agent a task. Quick questions such as arithmetic, dates and system information are answered at once; anything else goes to the model. A skill that needs your approval asks for it here."
            />
          ) : (
            <Stack gap="lg">
              {entries.map((entry) =>
                entry.kind === 'user' ? (
                  <UserMessage key={entry.key} text={entry.text} createdAt={entry.createdAt} />
                ) : (
                  <AssistantMessage
                    key={entry.key}
                    text={entry.text}
                    steps={entry.steps}
                    tier={entry.tier}
                    requestId={entry.requestId}
                    createdAt={entry.createdAt}
                    error={entry.error}
                    stopped={entry.stopped}
                  />
                ),
              )}
              {turn && showTurn ? (
                <>
                  {unsaved.user ? <UserMessage text={turn.userText} /> : null}
                  <AssistantMessage
                    text={turn.text}
                    steps={turn.steps}
                    streaming={turn.status === 'streaming'}
                    tier={turn.result?.tier}
                    requestId={turn.result?.request_id}
                    error={turn.error?.message}
                    stopped={turn.status === 'stopped'}
                  />
                </>
              ) : null}
            </Stack>
          )}
        </Box>
      </ScrollArea>
      <Divider />
      <Box px="lg" py="sm">
        <ChatComposer
          streaming={streaming}
          onSend={(text) => onSend(text, messages.at(-1)?.id ?? null)}
          onStop={onStop}
        />
      </Box>
    </Paper>
  );
}
