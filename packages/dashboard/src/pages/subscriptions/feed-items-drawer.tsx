import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  EmptyState,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import type { Feed, FeedItem } from '../../api/subscriptions';
import { formatAbsolute, plural } from '../../components/format';
import { RelativeTime } from '../../components/relative-time';
import { useNote } from '../../hooks/use-notes';
import { useFeedItems } from '../../hooks/use-subscriptions';

/** The note an announced item became: its text as the agent reads it. */
function NoteDialog({ noteId, onClose }: { noteId: string | null; onClose: () => void }) {
  const note = useNote(noteId);
  const gone = note.error instanceof ApiError && note.error.status === 404;
  return (
    <Modal
      opened={noteId !== null}
      onClose={onClose}
      title={note.data?.title ?? 'Note'}
      size="lg"
      centered
    >
      {note.isPending ? (
        <Skeleton h={120} />
      ) : note.data ? (
        <Stack gap="sm">
          <Group gap={6}>
            {note.data.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" tt="none" radius="sm">
                {tag}
              </Badge>
            ))}
          </Group>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="note-body"
          >
            {note.data.body || '(no text)'}
          </Text>
          <Text size="xs" c="dimmed">
            Written <RelativeTime value={note.data.created_at} />. Feed text is outside content: the
            agent reads it marked untrusted.
          </Text>
        </Stack>
      ) : (
        <Alert color={gone ? 'gray' : 'red'} variant="light">
          {gone
            ? 'The note is gone: notes are cognitive state, and a Panic Reset wipes them.'
            : 'The note could not be loaded.'}
        </Alert>
      )}
    </Modal>
  );
}

function ItemRow({ item, onNote }: { item: FeedItem; onNote: (noteId: string) => void }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="feed-item">
      <Stack gap={4}>
        {item.link ? (
          <Anchor
            href={item.link}
            target="_blank"
            rel="noreferrer noopener"
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.title || item.link}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {item.title || '(untitled)'}
          </Text>
        )}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {item.published_at ? `Published ${formatAbsolute(item.published_at)} · ` : ''}
            seen <RelativeTime value={item.first_seen_at} />
          </Text>
          <Group gap={6} wrap="nowrap">
            {item.announced ? (
              <Badge size="xs" variant="light" color="indigo" title="Raised as a feed.item event">
                announced
              </Badge>
            ) : (
              <Badge
                size="xs"
                variant="light"
                color="gray"
                title="Recorded as seen without an event (older items of a first poll)"
              >
                recorded
              </Badge>
            )}
            {item.note_id ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => item.note_id && onNote(item.note_id)}
              >
                Note
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

interface FeedItemsDrawerProps {
  feed: Feed | null;
  opened: boolean;
  onClose: () => void;
}

/** The items a feed has seen, newest first, with their links. */
export function FeedItemsDrawer({ feed, opened, onClose }: FeedItemsDrawerProps) {
  const items = useFeedItems(feed?.subscription_id ?? null, opened);
  const [noteId, setNoteId] = useState<string | null>(null);
  const list = items.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={feed ? `Items of ${feed.name}` : ''}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm" aria-label="Feed items">
        {feed ? (
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {feed.url}
          </Text>
        ) : null}
        {items.isPending ? (
          [0, 1, 2, 3].map((row) => <Skeleton key={row} h={64} radius="md" />)
        ) : items.isError && list.length === 0 ? (
          <EmptyState size="sm" title="The items could not be loaded">
            <EmptyState.Actions>
              <Button variant="light" onClick={() => items.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : list.length === 0 ? (
          <EmptyState
            size="sm"
            title="No items seen yet"
            description="Items appear after the first successful poll. Check now polls at once."
          />
        ) : (
          <>
            {list.map((item) => (
              <ItemRow key={item.item_id} item={item} onNote={setNoteId} />
            ))}
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="items-count">
                {items.hasNextPage
                  ? `Showing the newest ${list.length} of ${plural(feed?.items_seen ?? list.length, 'item')}`
                  : `All ${list.length} ${list.length === 1 ? 'item' : 'items'} shown`}
              </Text>
              {items.hasNextPage ? (
                <Button
                  variant="light"
                  onClick={() => items.fetchNextPage()}
                  loading={items.isFetchingNextPage}
                >
                  Load more
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
      <NoteDialog noteId={noteId} onClose={() => setNoteId(null)} />
    </Drawer>
  );
}
