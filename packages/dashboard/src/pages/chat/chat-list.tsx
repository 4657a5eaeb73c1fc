import {
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { Link } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { RelativeTime } from '../../components/relative-time';
import { useChats } from '../../hooks/use-chat';

interface ChatListProps {
  selected: string;
  /** The chat a reply is streaming into, marked with a spinner. */
  streamingChat: string | undefined;
  onNew: () => void;
  /** Goal, sub-agent, schedule and messaging conversations are listed too. */
  withBackground: boolean;
  onWithBackground: (shown: boolean) => void;
}

const ORIGIN_LABELS: Record<string, string> = {
  goal: 'goal',
  agent: 'sub-agent',
  schedule: 'schedule',
  messaging: 'messaging',
};

const chatLink = (chatId: string) => ({ search: `?chat=${encodeURIComponent(chatId)}` });

/** Conversations, most recently active first; the selected one lives in the URL. */
export function ChatList({
  selected,
  streamingChat,
  onNew,
  withBackground,
  onWithBackground,
}: ChatListProps) {
  const chats = useChats(withBackground);
  const list = chats.data ?? [];
  const isDraft = !chats.isPending && !list.some((chat) => chat.chat_id === selected);

  return (
    <Paper
      withBorder
      radius="md"
      w={{ base: '100%', md: 300 }}
      h="100%"
      style={{ flex: 'none', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={600} size="sm" tt="uppercase" c="dimmed" lts={0.5}>
          Conversations
        </Text>
        <Button size="xs" variant="light" leftSection={<PlusIcon size={14} />} onClick={onNew}>
          New chat
        </Button>
      </Group>
      <Switch
        size="xs"
        px="md"
        pb="xs"
        label="Background runs (goals, sub-agents, schedules, messaging)"
        checked={withBackground}
        onChange={(event) => onWithBackground(event.currentTarget.checked)}
      />
      <ScrollArea style={{ flex: 1 }} type="auto" px={6} pb={6}>
        <Stack gap={2} component="nav" aria-label="Conversations">
          {isDraft ? (
            <NavLink
              component={Link}
              to={chatLink(selected)}
              active
              aria-current="page"
              label="New conversation"
              description="Not started yet"
              rightSection={streamingChat === selected ? <Loader size={14} /> : null}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          ) : null}
          {chats.isPending
            ? Array.from({ length: 5 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Stack key={index} gap={6} p="sm">
                  <Skeleton h={12} w="80%" />
                  <Skeleton h={10} w="50%" />
                </Stack>
              ))
            : list.map((chat) => {
                const active = chat.chat_id === selected;
                return (
                  <NavLink
                    key={chat.chat_id}
                    component={Link}
                    to={chatLink(chat.chat_id)}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    label={
                      <Group gap={6} wrap="nowrap">
                        {chat.origin !== 'operator' ? (
                          <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
                            {ORIGIN_LABELS[chat.origin] ?? chat.origin}
                          </Badge>
                        ) : null}
                        <Text size="sm" truncate title={chat.title}>
                          {chat.title}
                        </Text>
                      </Group>
                    }
                    description={
                      <Text size="xs" c="dimmed" span>
                        {chat.message_count} {chat.message_count === 1 ? 'message' : 'messages'} ·{' '}
                        <RelativeTime value={chat.updated_at} />
                      </Text>
                    }
                    rightSection={streamingChat === chat.chat_id ? <Loader size={14} /> : null}
                    data-chat-id={chat.chat_id}
                    data-origin={chat.origin}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                );
              })}
          {chats.isError && list.length === 0 ? (
            <EmptyState
              size="sm"
              py="lg"
              title="Conversations could not be loaded"
              description="The list retries on its own; messages can still be sent."
            />
          ) : !chats.isPending && list.length === 0 ? (
            <EmptyState
              size="sm"
              py="lg"
              title="No earlier conversations"
              description="A conversation is listed here once its first message is sent."
            />
          ) : null}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
