import { Button, Drawer, Flex, Stack, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isBackgroundChat, isChatId, newChatId } from '../../api/chat';
import { PageHeader } from '../../components/page-header';
import { useChatStream, useChats } from '../../hooks/use-chat';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';

/**
 * The page fills the window below the header, so the thread scrolls and the composer stays at
 * the bottom of the screen, on a phone as on a desktop.
 */
const FULL_HEIGHT =
  'calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--app-shell-padding, 16px))';

export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('chat');
  // Without ?chat= the page opens a new conversation; its id reaches the URL with the first message.
  const [draftId, setDraftId] = useState(newChatId);
  const chatId = isChatId(requested) ? requested : draftId;
  // Background runs have their own pages; the list shows them only when asked, or when one is open.
  const [withBackground, setWithBackground] = useState(() => isBackgroundChat(chatId));
  const chats = useChats(withBackground);
  const stream = useChatStream();
  const summary = chats.data?.find((chat) => chat.chat_id === chatId);
  const streamingChat = stream.streaming ? stream.turn?.chatId : undefined;

  const startNew = () => {
    const id = newChatId();
    setDraftId(id);
    setParams({ chat: id });
  };

  // Beside the conversation where there is room; on a phone, a drawer that a choice closes.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  const [listOpened, listDrawer] = useDisclosure(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when the open chat changes
  useEffect(() => listDrawer.close(), [chatId]);

  const send = (text: string, afterMessageId: string | null) => {
    if (requested !== chatId) setParams({ chat: chatId }, { replace: true });
    void stream.send(chatId, text, afterMessageId);
  };

  const list = (
    <ChatList
      selected={chatId}
      streamingChat={streamingChat}
      onNew={startNew}
      withBackground={withBackground}
      onWithBackground={setWithBackground}
    />
  );

  return (
    <Stack gap="lg" h={FULL_HEIGHT} mih={{ md: 560 }}>
      <PageHeader
        title="Chat"
        description="Talk to the agent. Replies stream in as they are written, with the skills they run; a skill that needs your approval waits here until you decide."
        aside={
          wide ? null : (
            <Button variant="default" onClick={listDrawer.open}>
              Conversations
            </Button>
          )
        }
      />
      {wide ? null : (
        <Drawer opened={listOpened} onClose={listDrawer.close} title="Conversations" size="85%">
          {list}
        </Drawer>
      )}
      <Flex gap="md" style={{ flex: 1, minHeight: 0 }} align="stretch">
        {wide ? list : null}
        <Conversation
          key={chatId}
          chatId={chatId}
          summary={summary}
          turn={stream.turn?.chatId === chatId ? stream.turn : null}
          streaming={stream.streaming}
          onSend={send}
          onStop={stream.stop}
        />
      </Flex>
    </Stack>
  );
}
